/**
 * File upload (loaded only for forms with such a field): the allowed extensions and count
 * from the field, each chosen file listed with its size and a remove button. The rules
 * themselves (extension, count, 50 MB in total) are the shared validation's; as in the
 * seed, too many files or more than 50 MB are refused when chosen, with the alert beside
 * the field ("The field only allows a maximum of N files", "The total size of the attached
 * files cannot be more that 50MB"), and the files chosen before stay. Files chosen in the
 * server's input before this code arrived (React does not hear that input's change until it
 * has hydrated it, and drops the event) are taken when it mounts, as if chosen then.
 */
import { useEffect, useRef, useState } from 'react';
import { fillTemplate } from '../../../lib/template';
import { MAX_TOTAL_UPLOAD_BYTES } from '../../../lib/validation/messages';
import type { FieldProps } from '../types';
import { optionsOf } from './control';
import { formatFileSize } from './file-size';

export default function FileUploadField(p: FieldProps) {
  const extensions = optionsOf(p.field.picklistOptions).filter((o) => o.startsWith('.'));
  const multiple = p.field.multipleFilesAllowed;
  const limit = multiple ? (p.field.multiFileLimit ?? 10) : 1;
  const units = p.env.strings.ui.sizeUnits.split(',');
  const hintId = `${p.inputId}-hint`;
  const [refused, setRefused] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const choose = (chosen: File[]) => {
    const next = multiple ? [...p.files, ...chosen] : chosen;
    const tooMany = next.length > limit;
    const tooBig = next.reduce((sum, f) => sum + f.size, 0) > MAX_TOTAL_UPLOAD_BYTES;
    setRefused(tooMany ? fillTemplate(p.env.strings.messages.fileCount, { limit }) : tooBig ? p.env.strings.messages.totalSize : '');
    if (!tooMany && !tooBig) p.onFiles(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the field's code has arrived and hydrated the input.
  useEffect(() => {
    const early = input.current;
    if (!early?.files?.length) return;
    choose([...early.files]);
    early.value = '';
  }, []);
  return (
    <div className="ef-files">
      <input
        ref={input}
        id={p.inputId}
        name={p.name}
        className="ef-file-input"
        type="file"
        multiple={multiple}
        accept={extensions.join(',') || undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={[hintId, p.describedBy].filter(Boolean).join(' ')}
        onChange={(e) => {
          choose([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      {refused && (
        <p className="ef-error" role="alert" data-testid="files-refused">
          {refused}
        </p>
      )}
      <p className="ef-description" id={hintId}>
        {fillTemplate(p.env.strings.ui.filesHint, { types: extensions.join(', ') || '*', limit })}
      </p>
      {p.files.length > 0 && (
        <ul className="ef-file-list">
          {p.files.map((file, i) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span>{file.name}</span> <span className="ef-file-size">{formatFileSize(file.size, p.env.lang, units)}</span>{' '}
              <button
                type="button"
                className="ef-link"
                onClick={() => {
                  setRefused('');
                  p.onFiles(p.files.filter((_, j) => j !== i));
                }}
              >
                {fillTemplate(p.env.strings.ui.removeFile, { name: file.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
