import { createStore } from './store.ts';

export interface MediaItem {
  src: string;
  alt: string;
}

type MediaModalState = { kind: 'zoom'; image: MediaItem } | { kind: 'media'; items: MediaItem[]; index: number } | null;

/** The image-zoom and media modals live once in the default layout; any screen opens them. */
export const mediaModalStore = createStore<MediaModalState>(null);
export const openImageZoom = (image: MediaItem) => mediaModalStore.set({ kind: 'zoom', image });
export const openMedia = (items: MediaItem[], index = 0) => mediaModalStore.set({ kind: 'media', items, index });
export const closeMediaModal = () => mediaModalStore.set(null);
