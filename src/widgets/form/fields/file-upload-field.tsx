/**
 * File upload (loaded only for forms with such a field): the allowed extensions and count
 * from the field, each chosen file listed with its size and a remove button. The rules
 * themselves (extension, count, 50 MB in total) are the shared validation's.
 */
import { fillTemplate } from '../../../lib/template';
import type { FieldProps } from '../types';
import { optionsOf } from './control';
import { formatFileSize } from './file-size';

export default function FileUploadField(p: FieldProps) {
  const extensions = optionsOf(p.field.picklistOptions).filter((o) => o.startsWith('.'));
  const multiple = p.field.multipleFilesAllowed;
  const limit = multiple ? (p.field.multiFileLimit ?? 10) : 1;
  const units = p.env.strings.ui.sizeUnits.split(',');
  const hintId = `${p.inputId}-hint`;
  return (
    <div className="ef-files">
      <input
        id={p.inputId}
        name={p.name}
        className="ef-file-input"
        type="file"
        multiple={multiple}
        accept={extensions.join(',') || undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={[hintId, p.describedBy].filter(Boolean).join(' ')}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          p.onFiles(multiple ? [...p.files, ...chosen] : chosen);
          e.target.value = '';
        }}
      />
      <p className="ef-description" id={hintId}>
        {fillTemplate(p.env.strings.ui.filesHint, { types: extensions.join(', ') || '*', limit })}
      </p>
      {p.files.length > 0 && (
        <ul className="ef-file-list">
          {p.files.map((file, i) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span>{file.name}</span> <span className="ef-file-size">{formatFileSize(file.size, p.env.lang, units)}</span>{' '}
              <button type="button" className="ef-link" onClick={() => p.onFiles(p.files.filter((_, j) => j !== i))}>
                {fillTemplate(p.env.strings.ui.removeFile, { name: file.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
