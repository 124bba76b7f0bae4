// GET /api/data-requests/templates: the template library and every known item (decision 077).
import type { DataRequestTemplateList } from '../../../domain/contracts/data-requests.ts';
import { KNOWN_ITEMS, type RequestItem, TEMPLATES } from '../../../domain/data-requests/templates.ts';

const itemInfo = (item: RequestItem) => ({
  key: item.key,
  question: item.question,
  unit: item.unit,
  disclosure: item.disclosure,
  isVsmeDatapoint: item.isVsmeDatapoint,
});

export function templateList(): DataRequestTemplateList {
  return {
    templates: TEMPLATES.map((template) => ({
      id: template.id,
      title: template.title,
      description: template.description,
      items: template.items.map(itemInfo),
    })),
    knownItems: [...KNOWN_ITEMS.values()].map(itemInfo),
  };
}
