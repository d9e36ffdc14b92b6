import type { ImageDto, ImageType, One } from '@admitone/shared';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** Whose image it is: an event's cover or an organizer's logo, and the queries that show it. */
export interface ImageOwner {
  kind: 'events' | 'organizers';
  id: number;
  type: ImageType;
  /** Refreshed after an upload or delete (the owner's detail and the lists showing it). */
  keys: QueryKey[];
}

/** Uploads one image (multipart `image` + `type`); it replaces the owner's previous one of that type. */
export function uploadImage(owner: Pick<ImageOwner, 'kind' | 'id' | 'type'>, file: File): Promise<ImageDto> {
  const form = new FormData();
  form.append('type', owner.type);
  form.append('image', file, file.name);
  return api.post<One<ImageDto>>(`/${owner.kind}/${owner.id}/images`, form).then((r) => r.data);
}

export const deleteImage = (owner: Pick<ImageOwner, 'kind' | 'id'>, imageId: number) =>
  api.delete<void>(`/${owner.kind}/${owner.id}/images/${imageId}`);

function useRefresh(owner: ImageOwner) {
  const queryClient = useQueryClient();
  return () => Promise.all(owner.keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Uploads a cover or logo and refreshes what shows it. */
export function useUploadImage(owner: ImageOwner) {
  const refresh = useRefresh(owner);
  return useMutation({ mutationFn: (file: File) => uploadImage(owner, file), onSuccess: refresh });
}

/** Deletes a cover or logo and refreshes what shows it. */
export function useDeleteImage(owner: ImageOwner) {
  const refresh = useRefresh(owner);
  return useMutation({ mutationFn: (imageId: number) => deleteImage(owner, imageId), onSuccess: refresh });
}
