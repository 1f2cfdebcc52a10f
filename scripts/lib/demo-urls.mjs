/** The URLs a visitor opens to see imported documents: funnel steps, forms, surveys, booking. */

/**
 * The signed preview links (`x-preview-url` of the admin API's GET, a path) of the step pages
 * of funnels without a host, by page id: a draft opens only with its link's token.
 */
export async function previewUrlsOf(documents, origin, token) {
  const pageIds = documents
    .filter((d) => d.kind === 'funnels' && !d.doc.domain)
    .flatMap((d) => (d.doc.steps ?? []).map((step) => step.pageId))
    .filter(Boolean);
  const entries = await Promise.all(
    pageIds.map(async (pageId) => {
      const res = await fetch(`${origin}/admin/v1/pages/${encodeURIComponent(pageId)}`, { headers: { authorization: `Bearer ${token}` } });
      return [pageId, res.headers.get('x-preview-url') ?? ''];
    }),
  );
  return new Map(entries.filter(([, path]) => path !== ''));
}

/** Answers `[{ group, label, url }]` for the documents read by readDocuments (`previews`: from previewUrlsOf). */
export function visitorUrls(documents, origin, previews = new Map()) {
  const { port, protocol } = new URL(origin);
  const hostUrl = (host, path) => `${protocol}//${host}${port ? `:${port}` : ''}${path}`;
  const of = (kind) => documents.filter((d) => d.kind === kind).map((d) => d.doc);
  const urls = [];
  const hostsOf = (funnel) => {
    const hosts = of('domains')
      .filter((d) => d.funnelId === funnel.id)
      .map((d) => d.host);
    if (funnel.domain && !hosts.includes(funnel.domain)) hosts.push(funnel.domain);
    // Plain `localhost` first: it is the address every browser and tool resolves.
    return hosts.sort((a, b) => (b === 'localhost') - (a === 'localhost') || a.localeCompare(b));
  };
  const funnels = of('funnels').sort((a, b) => hostsOf(b).includes('localhost') - hostsOf(a).includes('localhost'));
  for (const funnel of funnels) {
    const hosts = hostsOf(funnel);
    for (const step of funnel.steps ?? []) {
      const group = `Funnel "${funnel.name}"`;
      for (const host of hosts) urls.push({ group, label: step.name, url: hostUrl(host, step.path) });
      const preview = step.pageId ? previews.get(step.pageId) : undefined;
      if (hosts.length === 0 && preview) urls.push({ group, label: `${step.name} (preview)`, url: `${origin}${preview}` });
    }
  }
  for (const form of of('forms')) urls.push({ group: 'Forms', label: form.name, url: `${origin}/widget/form/${form.id}` });
  for (const survey of of('surveys')) urls.push({ group: 'Surveys', label: survey.name, url: `${origin}/survey/${survey.id}` });
  for (const calendar of of('calendars')) urls.push({ group: 'Booking', label: calendar.name, url: `${origin}/widget/booking/${calendar.id}` });
  for (const provider of of('calendar-providers')) {
    urls.push({ group: 'Booking', label: `${provider.name} (provider page)`, url: `${origin}/widget/appointment/${provider.slug ?? provider.id}` });
  }
  return urls;
}

/** Prints the URLs grouped, one per line. */
export function formatUrls(urls) {
  const lines = [];
  let group;
  for (const entry of urls) {
    if (entry.group !== group) {
      group = entry.group;
      lines.push(`  ${group}`);
    }
    lines.push(`    ${entry.label.padEnd(42)} ${entry.url}`);
  }
  return lines.join('\n');
}
