import { API_PATHS, DEFAULT_AVATAR } from '@agency/shared';

/**
 * The avatar address (spec 3/7): the profile-images folder plus the file name. The default avatar is
 * served from that same folder, so an empty or 'default-avatar.png' value resolves the same way.
 */
export function avatarUrlOf(profileImage: string | null | undefined): string {
  const file = profileImage && profileImage.trim() !== '' ? profileImage : DEFAULT_AVATAR;
  return `${API_PATHS.PROFILE_IMAGES}/${encodeURIComponent(file)}`;
}
