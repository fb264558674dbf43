/** What a media library file is, by its bytes: a picture, a video, or any other document. */
export type LibraryFileType = 'image' | 'video' | 'file';

/**
 * A file of the back-office's media library (`GET /api/gallery`, an upload's `files`, a change of its
 * alternative text). `path` is where it is served (/uploads/imgvgallery/…), `thumb` a raster
 * picture's thumbnail; `size` in bytes; `created_at` an ISO string.
 */
export interface LibraryFile {
  _id: string;
  path: string;
  thumb: string | null;
  name: string;
  /** The alternative text put into a post with the picture. */
  alt: string;
  size: number;
  ext: string;
  type: LibraryFileType;
  active: boolean;
  created_at: string;
}

/** A page of the media library (`GET /api/gallery`): `currentPage` counts from 0. */
export interface LibraryPage {
  success: boolean;
  galleries: LibraryFile[];
  currentPage: number;
  totalPages: number;
  totalItems: number;
}

/** The back-office sections whose records can use a library file. */
export type LibrarySection = 'blogs' | 'events' | 'plans' | 'settings';

/** A record that uses a library file (a post, event, plan or the policies), named in both languages. */
export interface LibraryFileUse {
  section: LibrarySection;
  id: string;
  name: string;
  name_en: string;
}

/** One library file with the records that use it (`GET /api/gallery/:id`): one in use is not deleted. */
export interface LibraryFileDetail extends LibraryFile {
  used_in: LibraryFileUse[];
}
