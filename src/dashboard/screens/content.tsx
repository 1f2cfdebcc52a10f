/**
 * Content: each funnel with its steps, and each step's page with its draft and published
 * state; a page's preview opens through its signed link (`x-preview-url` of
 * GET /admin/v1/pages/{id}); publishing shows the new version and whether the page cache was
 * purged (POST /admin/v1/pages/{id}/publish).
 */
import { useState } from 'react';
import { useDashboard } from '../context';
import { formatTime } from '../format';
import type { Catalog } from '../types';
import { errorText, Notice, type NoticeText } from '../ui';
import type { ScreenProps } from './index';

type PageRow = Catalog['pages'][number];

function PageActions({ page }: { page: PageRow }) {
  const { t, api, reloadCatalog } = useDashboard();
  const [preview, setPreview] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeText | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="actions">
      {preview ? (
        <a href={preview} target="_blank" rel="noopener noreferrer">
          {t('openPreview', { name: page.name || page.id })}
        </a>
      ) : (
        <button
          type="button"
          onClick={async () => {
            const res = await api.raw(`/pages/${encodeURIComponent(page.id)}`);
            const url = res.headers.get('x-preview-url');
            if (res.ok && url) setPreview(url);
            else setNotice({ kind: 'error', text: t('previewFailed') });
          }}
        >
          {t('preview', { name: page.name || page.id })}
        </button>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            const result = await api.send<{ version: number; cachePurged: boolean }>('POST', `/pages/${encodeURIComponent(page.id)}/publish`);
            setNotice({ kind: 'ok', text: t(result.cachePurged ? 'publishedPurged' : 'publishedNotPurged', { version: result.version }) });
            await reloadCatalog();
          } catch (error) {
            setNotice({ kind: 'error', text: errorText(error) });
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('publish', { name: page.name || page.id })}
      </button>
      <Notice notice={notice} />
    </div>
  );
}

function PageState({ page }: { page: PageRow | undefined }) {
  const { t, lang, zoneOf } = useDashboard();
  if (!page) return <>{t('noPage')}</>;
  if (!page.published) return <>{t('neverPublished')}</>;
  const when = formatTime(page.publishedAt ?? undefined, zoneOf(page.locationId), lang);
  return <>{t(page.draftChanged ? 'publishedDraftChanged' : 'publishedUpToDate', { version: page.version, when })}</>;
}

export default function Content(_: ScreenProps) {
  const { t, catalog } = useDashboard();
  if (!catalog) return <p role="status">{t('loading')}</p>;
  const pageOf = (id: string | null) => catalog.pages.find((p) => p.id === id);
  const inFunnels = new Set(catalog.funnels.flatMap((f) => f.steps.map((s) => s.pageId)));
  const loose = catalog.pages.filter((p) => !inFunnels.has(p.id));
  return (
    <>
      <h1>{t('title_content')}</h1>
      {catalog.funnels.map((funnel) => (
        <section key={funnel.id} aria-labelledby={`funnel-${funnel.id}`}>
          <h2 id={`funnel-${funnel.id}`}>{funnel.name}</h2>
          <ol className="steps">
            {funnel.steps.map((step) => {
              const page = pageOf(step.pageId);
              return (
                <li key={step.id}>
                  <h3>
                    {step.name} <span className="path">{step.path}</span>
                  </h3>
                  <p>
                    <PageState page={page} />
                  </p>
                  {page && <PageActions page={page} />}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
      {loose.length > 0 && (
        <section aria-labelledby="other-pages">
          <h2 id="other-pages">{t('otherPages')}</h2>
          <ul className="steps">
            {loose.map((page) => (
              <li key={page.id}>
                <h3>{page.name || page.id}</h3>
                <p>
                  <PageState page={page} />
                </p>
                <PageActions page={page} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
