import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { useRemovePhoto, useUploadPhoto, validatePhoto } from '../api/profile-photo';
import '../customers.css';

/** Upload (PNG, JPG or SVG up to 20 MB) or remove the profile photo. */
export function ProfilePhotoEditor({ hasPhoto }: { hasPhoto: boolean }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const [error, setError] = useState<string>();

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const problem = validatePhoto(file);
    setError(problem ?? undefined);
    if (problem) return;
    upload.mutate(file, {
      onSuccess: () => toast.success('Your profile photo is updated'),
      onError: (failure) => setError(errorText(failure)),
      onSettled: () => {
        if (fileRef.current) fileRef.current.value = '';
      },
    });
  };

  return (
    <div className="photo-editor">
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/svg+xml"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <Button variant="secondary" size="sm" busy={upload.isPending} onClick={() => fileRef.current?.click()}>
        {hasPhoto ? 'Change photo' : 'Upload photo'}
      </Button>
      {hasPhoto ? (
        <Button
          variant="ghost"
          size="sm"
          busy={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => toast.success('Your profile photo is removed'),
              onError: (failure) => setError(errorText(failure)),
            })
          }
        >
          Remove photo
        </Button>
      ) : null}
      <span className="form-note">PNG, JPG or SVG, up to 20 MB</span>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
