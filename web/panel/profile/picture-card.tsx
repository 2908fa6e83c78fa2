import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { centredCrop, outputSide, type Crop } from '#web/lib/image-crop.ts';
import { CropEditor } from './crop-editor.tsx';
import { deletePicture, uploadPicture } from './profile-api.ts';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** The original may be a large phone photo: only the cropped square (≤ 512 px) is uploaded. */
const SOURCE_MAX_BYTES = 20 * 1024 * 1024;

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('This file could not be read as a picture. Please choose a JPEG, PNG or WebP image.'));
    img.src = URL.createObjectURL(file);
  });
}

/** The chosen square drawn on a canvas and encoded as JPEG (no transparency: a white background). */
function cropped(image: HTMLImageElement, crop: Crop): Promise<Blob> {
  const side = outputSide(crop);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('This browser cannot crop pictures.'));
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, side, side);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, crop.x, crop.y, crop.size, crop.size, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be prepared.'))), 'image/jpeg', 0.9),
  );
}

/** The profile picture: choose, crop to a square, upload; or remove it. */
export function PictureCard({ picture, name }: { picture: string | null; name: string }) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => void (image && URL.revokeObjectURL(image.src)), [image]);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setAlert('');
    setStatus('');
    if (!file) return;
    if (!TYPES.includes(file.type)) return setAlert('Only JPEG, PNG, and WebP images are allowed');
    if (file.size > SOURCE_MAX_BYTES) return setAlert('Please choose a picture under 20MB');
    try {
      const img = await loadImage(file);
      setImage(img);
      setCrop(centredCrop(img.naturalWidth, img.naturalHeight));
    } catch (err) {
      setAlert(errorMessage(err));
    }
  }

  function reset() {
    setImage(null);
    setCrop(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setAlert('');
    setStatus('');
    try {
      await action();
      reset();
      setStatus(done);
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card profile-card profile-picture-card" aria-labelledby="pf-picture-title" aria-busy={busy}>
      <h2 id="pf-picture-title">Picture</h2>
      <FormAlert message={alert} />
      <div className="profile-picture-row">
        {picture ? (
          <img className="profile-picture" src={picture} alt={`${name}’s profile picture`} width={96} height={96} />
        ) : (
          <div className="profile-picture profile-picture-empty" aria-hidden="true">
            {name.trim().charAt(0).toUpperCase() || '?'}
          </div>
        )}
        <div className="profile-picture-actions">
          <label htmlFor="pf-picture-file">{picture ? 'Choose a new picture' : 'Choose a picture'}</label>
          <input
            ref={fileRef}
            id="pf-picture-file"
            type="file"
            accept={TYPES.join(',')}
            onChange={choose}
            aria-describedby="pf-picture-hint"
          />
          {picture && !image && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => void run(deletePicture, 'Your picture was removed')}
            >
              Remove picture
            </button>
          )}
          <p id="pf-picture-hint" className="field-hint">
            JPEG, PNG or WebP. You crop it to a square before it is saved.
          </p>
        </div>
      </div>
      {image && crop && (
        <>
          <CropEditor image={image} crop={crop} onChange={setCrop} />
          <div className="btn-row">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void run(async () => uploadPicture(await cropped(image, crop)), 'Your picture was saved')}
            >
              {busy ? 'Saving…' : 'Save picture'}
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={reset}>
              Cancel
            </button>
          </div>
        </>
      )}
      <FormStatus message={status} />
    </section>
  );
}
