/**
 * The announcements' simple formatting, parsed by the one parser the server renders emails with
 * (lambdas/domain/rich-text.ts), so the preview shows what recipients get. The SPA renders the
 * blocks as React elements (shared/components/RichText.tsx), never as HTML.
 */
export { parseRichText, type Block, type Inline } from '../../../../lambdas/domain/rich-text';
