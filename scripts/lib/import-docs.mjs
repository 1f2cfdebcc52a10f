/**
 * Imports a folder of documents through the admin API: every *.json file below the
 * folder holds one document or an array of them; a document's kind comes from its `kind`
 * field or from the nearest folder (or file) named after a kind. Documents are stored in
 * dependency order, then every page is published. Used by `npm run import` and `npm start`.
 * The kinds and their order come from the server (GET /admin/v1/status), which defines them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';

function listJsonFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listJsonFiles(path));
    else if (name.endsWith('.json')) out.push(path);
  }
  return out;
}

function kindFromPath(root, file, kinds) {
  const parts = relative(root, file).split(sep);
  parts[parts.length - 1] = basename(file, '.json');
  for (let i = parts.length - 1; i >= 0; i--) if (kinds.includes(parts[i])) return parts[i];
  return undefined;
}

/** The id a document is stored under. */
export function documentId(kind, doc) {
  if (kind === 'domains') return doc.host;
  if (kind === 'pages') return doc.pageId ?? doc.id;
  return doc.id;
}

/**
 * Reads every document below `root`, for `kinds` listed in dependency order. Answers
 * `{ documents, errors }`, where each document is `{ kind, id, doc, file }`, sorted by kind,
 * and each error names its file.
 */
export function readDocuments(root, kinds) {
  const documents = [];
  const errors = [];
  for (const file of listJsonFiles(root)) {
    const shown = relative(process.cwd(), file);
    let parsed;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      errors.push(`${shown}: not valid JSON (${err.message})`);
      continue;
    }
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) {
        errors.push(`${shown}: a document must be a JSON object`);
        continue;
      }
      const { kind: declared, ...rest } = item;
      const kind = typeof declared === 'string' ? declared : kindFromPath(root, file, kinds);
      const doc = typeof declared === 'string' ? rest : item;
      if (!kinds.includes(kind)) {
        errors.push(`${shown}: unknown kind ${kind ?? '(none)'}; use a "kind" field or a folder named ${kinds.join(', ')}`);
        continue;
      }
      const id = documentId(kind, doc);
      if (typeof id !== 'string' || id === '') {
        errors.push(`${shown}: a ${kind} document needs its ${kind === 'domains' ? 'host' : 'id'}`);
        continue;
      }
      documents.push({ kind, id, doc, file: shown });
    }
  }
  documents.sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind));
  return { documents, errors };
}

/** One admin API call: `{ ok, data }`, or `{ ok: false, status, msg }` (status absent when unreachable). */
export async function adminCall(base, token, method, path, body) {
  let res;
  try {
    res = await fetch(new URL(`/admin/v1${path}`, base), {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    return { ok: false, msg: `cannot reach ${base} (${err.cause?.code ?? err.cause?.errors?.[0]?.code ?? err.cause?.message ?? err.message})` };
  }
  const text = await res.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = { msg: text.slice(0, 300) };
  }
  return res.ok ? { ok: true, data } : { ok: false, status: res.status, msg: data?.msg ?? `HTTP ${res.status}` };
}

/**
 * Stores every document of `root` through the admin API at `url` and publishes the pages.
 * Stops after the first kind with a failure, since later kinds may depend on it. Answers
 * `{ ok, kinds, stored: {kind: count}, published, failures: [message] }`.
 */
export async function importFolder({ root, url, token, publish = true, log = () => {} }) {
  const summary = { ok: false, kinds: [], stored: {}, published: 0, failures: [] };
  const status = await adminCall(url, token, 'GET', '/status');
  if (!status.ok) {
    summary.failures.push(`GET /admin/v1/status → ${status.status ?? ''} ${status.msg}`.replace(/ {2,}/g, ' '));
    return summary;
  }
  summary.kinds = status.data.kinds;
  const { documents, errors } = readDocuments(root, summary.kinds);
  summary.failures.push(...errors);
  if (errors.length > 0) return summary;
  if (documents.length === 0) {
    summary.ok = false;
    summary.failures.push(`no documents found under ${root}`);
    return summary;
  }
  for (const kind of summary.kinds) {
    for (const item of documents.filter((d) => d.kind === kind)) {
      const result = await adminCall(url, token, 'PUT', `/${kind}/${encodeURIComponent(item.id)}`, item.doc);
      if (result.ok) {
        summary.stored[kind] = (summary.stored[kind] ?? 0) + 1;
        log(`  stored ${kind}/${item.id}`);
      } else {
        summary.failures.push(`${item.file}: PUT ${kind}/${item.id} → ${result.status ?? ''} ${result.msg}`.replace(/ {2,}/g, ' '));
      }
    }
    if (summary.failures.length > 0) break;
  }
  if (publish && summary.failures.length === 0) {
    for (const item of documents.filter((d) => d.kind === 'pages')) {
      const result = await adminCall(url, token, 'POST', `/pages/${encodeURIComponent(item.id)}/publish`);
      if (result.ok) {
        summary.published += 1;
        log(`  published pages/${item.id} (version ${result.data.version})`);
      } else summary.failures.push(`${item.file}: publish ${item.id} → ${result.status ?? ''} ${result.msg}`);
    }
  }
  if (publish && summary.failures.length === 0) {
    // Read the result back: a page the server says is still unpublished is a failure too.
    const after = await adminCall(url, token, 'GET', '/status');
    const unpublished = new Set(after.ok ? (after.data.unpublishedPages ?? []) : []);
    if (!after.ok) summary.failures.push(`GET /admin/v1/status → ${after.status ?? ''} ${after.msg}`);
    for (const item of documents.filter((d) => d.kind === 'pages' && unpublished.has(d.id)))
      summary.failures.push(`${item.file}: page ${item.id} is not published`);
  }
  summary.ok = summary.failures.length === 0;
  return summary;
}

/** One line per kind: what an import stored. */
export function formatSummary(summary) {
  const parts = summary.kinds.filter((k) => summary.stored[k]).map((k) => `${summary.stored[k]} ${k}`);
  return `Imported ${parts.join(', ') || 'nothing'}; published ${summary.published} page(s).`;
}
