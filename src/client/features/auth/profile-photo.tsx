import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { CurrentUser } from '../../../domain/contracts/auth';
import { MAX_PHOTO_SOURCE_BYTES, PHOTO_TYPE_MESSAGE } from '../../../domain/contracts/auth-photo';
import { getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { useRemovePhoto, useUploadPhoto } from './api';
import type { CropState } from './crop';
import { CropDialog, type LoadedPicture, renderCroppedPhoto } from './crop-dialog';
import { getDisplayName, getInitials } from './display';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

/** Opens a chosen file as an image element through an object URL (decoded before cropping). */
async function loadPicture(file: File): Promise<LoadedPicture> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new Error('This file could not be read as a picture. Choose a PNG, JPEG or WebP image.');
  }
  return { image, url };
}

function reportPhotoError(error: unknown) {
  if (!isUnauthorizedError(error)) {
    toastError(
      `Failed to update photo. ${error instanceof Error && !('status' in error) ? error.message : getErrorMessage(error)}`,
    );
  }
}

/**
 * A chosen file is checked, decoded and held for cropping (its object URL revoked when replaced or
 * dropped); saving renders the crop and uploads it.
 */
function useNewPhoto() {
  const [picture, setPicture] = useState<LoadedPicture | null>(null);
  const upload = useUploadPhoto();

  useEffect(
    () => () => {
      if (picture) URL.revokeObjectURL(picture.url);
    },
    [picture],
  );

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return toastError(PHOTO_TYPE_MESSAGE);
    if (file.size > MAX_PHOTO_SOURCE_BYTES) return toastError('Choose a picture smaller than 20 MB.');
    try {
      setPicture(await loadPicture(file));
    } catch (error) {
      reportPhotoError(error);
    }
  };

  const save = async (crop: CropState) => {
    if (!picture) return;
    try {
      const blob = await renderCroppedPhoto(picture.image, crop);
      upload.mutate(blob, {
        onSuccess: () => {
          setPicture(null);
          toastSuccess('Profile photo updated');
        },
        onError: reportPhotoError,
      });
    } catch (error) {
      reportPhotoError(error);
    }
  };

  return { picture, choose, save, cancel: () => setPicture(null), uploading: upload.isPending };
}

/** The mutation stays with the parent: this button unmounts once the photo is gone. */
function RemovePhotoButton({ remove }: { remove: ReturnType<typeof useRemovePhoto> }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={remove.isPending}
      onClick={() =>
        remove.mutate(undefined, {
          onSuccess: () => toastSuccess('Profile photo removed'),
          onError: reportPhotoError,
        })
      }
    >
      {remove.isPending ? 'Removing...' : 'Remove photo'}
    </Button>
  );
}

/** Settings → Profile "Change photo" (spec §2): choose, crop square, save; or remove. */
export function ProfilePhoto({ user }: { user: CurrentUser }) {
  const input = useRef<HTMLInputElement>(null);
  const photo = useNewPhoto();
  const remove = useRemovePhoto();

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar initials={getInitials(user)} imageUrl={user.profileImageUrl} className="size-16 text-lg" />
      <div className="grid gap-2">
        <div>
          <p className="font-medium text-ink">{getDisplayName(user)}</p>
          <p className="text-sm text-muted">{user.email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => input.current?.click()}
            disabled={photo.uploading}
          >
            Change photo
          </Button>
          {user.profileImageUrl ? <RemovePhotoButton remove={remove} /> : null}
        </div>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose a profile photo"
          onChange={(event) => void photo.choose(event)}
        />
      </div>
      {photo.picture ? (
        <CropDialog
          picture={photo.picture}
          pending={photo.uploading}
          onCancel={photo.cancel}
          onSave={(crop) => void photo.save(crop)}
        />
      ) : null}
    </div>
  );
}
