/** A link to a page's draft preview, fetched when asked for (the signed link is the `x-preview-url` of GET /admin/v1/pages/{id}). */
import { useState } from 'react';
import { useDashboard } from '../context';

export function VariantPreview({ pageId, name }: { pageId: string; name: string }) {
  const { t, api } = useDashboard();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  if (url)
    return (
      <a href={url} target="_blank" rel="noopener noreferrer">
        {t('openPreview', { name })}
      </a>
    );
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          const res = await api.raw(`/pages/${encodeURIComponent(pageId)}`);
          const link = res.headers.get('x-preview-url');
          if (res.ok && link) setUrl(link);
          else setFailed(true);
        }}
      >
        {t('preview', { name })}
      </button>
      {failed && (
        <span role="alert" className="error">
          {t('previewFailed')}
        </span>
      )}
    </>
  );
}
