/** GET /api/document-categories/ — every document category ({id, name}), by name. */
import type { DocumentCategoryDto } from '../../contract/documents.js';
import { route } from '../../http/route.js';
import { listDocumentCategories } from '../../store/document.js';

export const handler = route('document-categories-list', async () => {
  const body: DocumentCategoryDto[] = await listDocumentCategories();
  return { body };
});
