import { useEffect, useState, type ChangeEvent } from 'react';
import { API_MESSAGES, LIMITS, STAFF_MESSAGES } from '@agency/shared';

interface ProfileImageFieldProps {
  image: File | null;
  onImageChange: (image: File | null) => void;
}

/** Optional profile picture for registration: images only, at most 2 MB, previewed before sending. */
export function ProfileImageField({ image, onImageChange }: ProfileImageFieldProps) {
  const [error, setError] = useState<string | null>(null);
  const preview = useImagePreview(image);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? problemWith(chosen) : null;
    setError(problem);
    if (problem) event.target.value = '';
    onImageChange(problem ? null : chosen);
  }

  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor="auth-profile-image">
        Profile image (optional)
      </label>
      <input
        id="auth-profile-image"
        name="profile_image"
        type="file"
        accept="image/*"
        onChange={handleChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'auth-profile-image-error' : 'auth-profile-image-hint'}
      />
      {error ? (
        <p className="field__error" id="auth-profile-image-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="field__hint" id="auth-profile-image-hint">
          PNG, JPEG, WebP or GIF, up to 2 MB. Without one you get the default avatar.
        </p>
      )}
      {preview && (
        <img className="auth-preview" src={preview} alt="Preview of your profile image" width={96} height={96} />
      )}
    </div>
  );
}

function problemWith(file: File): string | null {
  if (!file.type.startsWith('image/')) return STAFF_MESSAGES.PROFILE_IMAGE_NOT_IMAGE;
  if (file.size > LIMITS.PROFILE_IMAGE_MAX_BYTES) return API_MESSAGES.IMAGE_TOO_LARGE;
  return null;
}

/** A data URL of the chosen image; FileReader rather than object URLs so nothing needs revoking. */
function useImagePreview(image: File | null): string | null {
  const [preview, setPreview] = useState<{ image: File; url: string } | null>(null);
  useEffect(() => {
    if (!image) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ image, url: reader.result });
    };
    reader.readAsDataURL(image);
    return () => reader.abort();
  }, [image]);
  // A preview belongs to the file it was read from; another (or no) file shows none until it is read.
  return preview && preview.image === image ? preview.url : null;
}
