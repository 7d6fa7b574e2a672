import type { KycDocumentInfo } from '@loupe/contract/kyc';
import { type KycCountry, type KycDocument, type KycMode, kycDocumentsOf } from '@loupe/contract/kyc-fields';
import { type DragEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { useRemoveDocument, useUploadDocument } from '../api/kyc';

const ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

function sizeText(bytes: number) {
  return bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

interface DocumentDropProps {
  country: KycCountry;
  mode: KycMode;
  doc: KycDocument;
  uploaded: KycDocumentInfo | undefined;
}

/** One document: drop a file or browse, see it go up, replace or remove it. */
function DocumentDrop({ country, mode, doc, uploaded }: DocumentDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const upload = useUploadDocument();
  const remove = useRemoveDocument();
  const offline = mode === 'offline';

  async function send(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (file.size > doc.maxBytes) {
      setError(`The file is larger than ${doc.maxBytes / 1_000_000} MB.`);
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({ country, offline, fieldKey: doc.field_key, file, onProgress: setProgress });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    void send(event.dataTransfer.files[0]);
  }

  const labelId = `kyc-doc-${doc.field_key}`;
  return (
    // A drop target for the mouse; the browse button is the keyboard's way to the same upload.
    // biome-ignore lint/a11y/noStaticElementInteractions: drag and drop has no keyboard equivalent to bind here
    <div
      className={`kyc-doc${over ? ' kyc-doc-over' : ''}${uploaded ? ' kyc-doc-done' : ''}`}
      data-field-key={doc.field_key}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <div className="kyc-doc-head">
        <span id={labelId} className="kyc-doc-label">
          {doc.label}
          {doc.required ? <span className="field-required"> *</span> : null}
        </span>
        <span className="kyc-doc-limit">up to {doc.maxBytes / 1_000_000} MB</span>
      </div>
      {uploaded ? (
        <div className="kyc-doc-file">
          <span>
            {uploaded.file_name} · {sizeText(uploaded.size)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            busy={remove.isPending}
            onClick={() => remove.mutate({ country, offline, fieldKey: doc.field_key })}
            aria-label={`Remove ${doc.label}`}
          >
            Remove
          </Button>
        </div>
      ) : null}
      {progress !== null ? (
        <progress
          className="kyc-doc-progress"
          max={1}
          value={progress}
          aria-label={`Uploading ${doc.label}`}
        />
      ) : (
        <p className="kyc-doc-drop">
          Drag and drop a file here, or{' '}
          <Button variant="link" size="sm" onClick={() => input.current?.click()}>
            {uploaded ? 'replace it' : 'browse'}
          </Button>
          . PDF, DOC, DOCX, JPG or PNG.
        </p>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={ACCEPT}
        aria-labelledby={labelId}
        onChange={(event) => void send(event.target.files?.[0])}
      />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The documents of the country and mode, each with its own drop zone. */
export function KycDocuments({
  country,
  mode,
  documents,
}: {
  country: KycCountry;
  mode: KycMode;
  documents: KycDocumentInfo[];
}) {
  const byKey = new Map(documents.map((d) => [d.field_key, d]));
  return (
    <div className="kyc-docs">
      {kycDocumentsOf(country, mode).map((doc) => (
        <DocumentDrop
          key={doc.field_key}
          country={country}
          mode={mode}
          doc={doc}
          uploaded={byKey.get(doc.field_key)}
        />
      ))}
    </div>
  );
}
