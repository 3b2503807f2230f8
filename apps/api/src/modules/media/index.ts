// What other modules may use of the media library: an uploaded avatar, and its upkeep.
export { AVATARS_KEPT_PER_USER, prepareAvatar } from './avatars';
export { removeStaleUploads } from './media.routes';
