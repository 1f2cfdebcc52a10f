/**
 * Brings the demo data into a running server and proves it arrived: documents missing from
 * the database are stored (in dependency order), demo pages that are missing or were never
 * published are published, and then every demo document is read back and every demo page
 * checked to be published. Documents already stored are left as they are, so a seller's
 * edits survive a restart, and a start that was interrupted half-way is completed by the
 * next one. Answers `{ ok, stored, published, failures }`.
 */
import { adminCall, readDocuments } from './import-docs.mjs';

const path = (item) => `/${item.kind}/${encodeURIComponent(item.id)}`;

/** The demo documents the database lacks (404), and the failures of reading the others. */
async function missingDocuments(url, token, documents) {
  const missing = [];
  const failures = [];
  for (const item of documents) {
    const read = await adminCall(url, token, 'GET', path(item));
    if (read.ok) continue;
    if (read.status === 404) missing.push(item);
    else failures.push(`${item.file}: GET ${item.kind}/${item.id} → ${read.status ?? ''} ${read.msg}`);
  }
  return { missing, failures };
}

async function unpublishedPages(url, token) {
  const status = await adminCall(url, token, 'GET', '/status');
  if (!status.ok) throw new Error(`GET /admin/v1/status → ${status.status ?? ''} ${status.msg}`);
  return new Set(status.data.unpublishedPages ?? []);
}

/** Stores what is missing, publishes what is unpublished, then verifies both. */
export async function syncDemo({ root, url, token, kinds }) {
  const summary = { ok: false, stored: {}, published: 0, failures: [] };
  const { documents, errors } = readDocuments(root, kinds);
  if (errors.length > 0 || documents.length === 0) {
    summary.failures.push(...errors, ...(documents.length === 0 ? [`no documents found under ${root}`] : []));
    return summary;
  }
  const before = await missingDocuments(url, token, documents);
  summary.failures.push(...before.failures);
  for (const kind of kinds) {
    if (summary.failures.length > 0) break;
    for (const item of before.missing.filter((d) => d.kind === kind)) {
      const put = await adminCall(url, token, 'PUT', path(item), item.doc);
      if (put.ok) summary.stored[kind] = (summary.stored[kind] ?? 0) + 1;
      else summary.failures.push(`${item.file}: PUT ${kind}/${item.id} → ${put.status ?? ''} ${put.msg}`);
    }
  }
  if (summary.failures.length > 0) return summary;

  const pages = documents.filter((d) => d.kind === 'pages');
  const unpublished = await unpublishedPages(url, token);
  for (const page of pages.filter((p) => unpublished.has(p.id))) {
    const publish = await adminCall(url, token, 'POST', `${path(page)}/publish`);
    if (publish.ok) summary.published += 1;
    else summary.failures.push(`${page.file}: publish ${page.id} → ${publish.status ?? ''} ${publish.msg}`);
  }
  if (summary.failures.length > 0) return summary;

  const after = await missingDocuments(url, token, documents);
  summary.failures.push(...after.failures, ...after.missing.map((item) => `${item.file}: ${item.kind}/${item.id} is not stored`));
  const stillUnpublished = await unpublishedPages(url, token);
  summary.failures.push(...pages.filter((p) => stillUnpublished.has(p.id)).map((p) => `${p.file}: page ${p.id} is not published`));
  summary.ok = summary.failures.length === 0;
  return summary;
}

/** One line: what the sync had to do. */
export function formatSync(summary, kinds) {
  const stored = kinds.filter((k) => summary.stored[k]).map((k) => `${summary.stored[k]} ${k}`);
  if (stored.length === 0 && summary.published === 0) return 'The demo data is complete: every document stored, every page published.';
  return `Demo data completed: stored ${stored.join(', ') || 'nothing'}; published ${summary.published} page(s); every document verified.`;
}
