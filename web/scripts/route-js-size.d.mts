export declare const BUDGET_KB: number;
export declare const BUDGETED_ROUTES: Record<string, string>;
export declare function routeJsSizes(dist: string): Array<{ route: string; kib: number; kib9: number; files: string[] }>;
export declare const ENTRY_BUDGET_BYTES: number;
export declare function entryJsSize(dist: string): { bytes: number; files: string[] };
