import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '#shared/api/baseApi';
import { listOf, onSuccess } from '#shared/api/responses';
import type { Cohort } from '#contract/cohorts';
import type {
  AcknowledgementDto,
  AcknowledgementList,
  DocumentCategoryDto,
  DocumentPage,
  DocumentDto,
  DocumentRecordDto,
  DownloadResponse,
  StudentDocumentDto,
  UploadUrlResponse,
} from '#contract/documents';
import type { StudentRecord } from '#contract/students';
import { documentListUrl, type DocumentListArgs } from './documentQuery';

/** As the spec allows, a list may come plain, or under `results` (with `next`), or under `data`. */
function pageOf<T extends DocumentDto>(body: unknown): { results: T[]; next: string | null } {
  if (Array.isArray(body)) return { results: body as T[], next: null };
  const page = body as Partial<DocumentPage<T>> & { data?: T[] };
  return { results: page?.results ?? page?.data ?? [], next: page?.next ?? null };
}

type BaseQuery = (url: string) => PromiseLike<{ data?: unknown; error?: unknown }> | { data?: unknown; error?: unknown };

/** Every page of a document list (following `next`); a cursor seen before would loop forever. */
async function allPages<T extends DocumentDto>(args: DocumentListArgs, baseQuery: BaseQuery): Promise<{ data: T[] } | { error: FetchBaseQueryError }> {
  const documents: T[] = [];
  const seen = new Set<string>();
  for (let cursor: string | null = null; ;) {
    const answer = await baseQuery(documentListUrl(args, cursor));
    if (answer.error) return { error: answer.error as FetchBaseQueryError };
    const page = pageOf<T>(answer.data);
    documents.push(...page.results);
    if (!page.next || seen.has(page.next)) return { data: documents };
    seen.add(page.next);
    cursor = page.next;
  }
}

/** The fields of POST /api/documents/ (JSON form, after a presigned upload). */
export interface NewDocument {
  title: string;
  description: string;
  scope: string;
  category_id?: string;
  cohort_id?: string;
  program_type?: string;
  student_username?: string;
  is_public: boolean;
  is_mandatory: boolean;
  requires_signature: boolean;
  upload_key: string;
  file_name: string;
}

const documentsUrl = (id: string, action = '') => `/api/documents/${encodeURIComponent(id)}/${action}`;

/** The spec's document calls and our own (presigned uploads, acknowledgements). */
export const documentsApi = api.enhanceEndpoints({ addTagTypes: ['Document', 'Acknowledgement'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every page at once (following `next`), so the four tabs can show true counts. A student's
     * list comes whole; staff lists come in pages of 100.
     */
    listDocuments: build.query<DocumentRecordDto[], DocumentListArgs>({
      queryFn: (args, _api, _extra, baseQuery) => allPages<DocumentRecordDto>(args, baseQuery),
      providesTags: ['Document'],
    }),
    /**
     * The same call as a student (or anyone who does not see every document) makes it: the server answers
     * their own view, which names no other student (FERPA).
     */
    listMyDocuments: build.query<StudentDocumentDto[], DocumentListArgs>({
      queryFn: (args, _api, _extra, baseQuery) => allPages<StudentDocumentDto>(args, baseQuery),
      providesTags: ['Document'],
    }),
    listDocumentCategories: build.query<DocumentCategoryDto[], void>({
      query: () => '/api/document-categories/',
      transformResponse: listOf<DocumentCategoryDto>,
    }),
    /** For the upload's cohort select; named apart from the cohorts feature's own listCohorts. */
    listUploadCohorts: build.query<Cohort[], void>({
      query: () => '/api/cohorts/',
      transformResponse: listOf<Cohort>,
    }),
    /** The upload's username check: never cached, a student may be added meanwhile. */
    checkStudent: build.query<StudentRecord, string>({
      query: (username) => `/api/students/${encodeURIComponent(username)}/`,
      keepUnusedDataFor: 0,
    }),
    /** A short-lived link (5 minutes), so it is asked for on each use and never cached. */
    getDownloadUrl: build.mutation<DownloadResponse, { id: string; disposition: 'inline' | 'attachment' }>({
      query: ({ id, disposition }) => ({ url: documentsUrl(id, 'download/'), params: { disposition } }),
    }),
    requestUploadUrl: build.mutation<UploadUrlResponse, { file_name: string; file_size: number; content_type: string }>({
      query: (body) => ({ url: '/api/documents/upload-url/', method: 'POST', body }),
    }),
    createDocument: build.mutation<DocumentRecordDto, NewDocument>({
      query: (body) => ({ url: '/api/documents/', method: 'POST', body }),
      invalidatesTags: onSuccess(['Document']),
    }),
    deleteDocument: build.mutation<unknown, string>({
      query: (id) => ({ url: documentsUrl(id), method: 'DELETE' }),
      invalidatesTags: onSuccess(['Document']),
    }),
    acknowledgeDocument: build.mutation<AcknowledgementDto, { id: string; signature?: string }>({
      query: ({ id, signature }) => ({ url: documentsUrl(id, 'acknowledge/'), method: 'POST', body: signature ? { signature } : {} }),
      invalidatesTags: onSuccess(['Document', 'Acknowledgement']),
    }),
    getAcknowledgements: build.query<AcknowledgementList, string>({
      query: (id) => documentsUrl(id, 'acknowledgements/'),
      providesTags: ['Acknowledgement'],
    }),
  }),
});

export const {
  useListDocumentsQuery,
  useListMyDocumentsQuery,
  useListDocumentCategoriesQuery,
  useListUploadCohortsQuery,
  useLazyCheckStudentQuery,
  useGetDownloadUrlMutation,
  useRequestUploadUrlMutation,
  useCreateDocumentMutation,
  useDeleteDocumentMutation,
  useAcknowledgeDocumentMutation,
  useGetAcknowledgementsQuery,
} = documentsApi;
