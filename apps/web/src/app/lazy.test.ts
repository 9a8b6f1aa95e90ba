import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, STORAGE_KEYS } from '@portal/contracts/constants';
import { isChunkLoadError, reloadForChunkError } from './lazy.ts';

const CHUNK_MESSAGE = 'Failed to fetch dynamically imported module: /assets/x.js';
const chunkError = () => new TypeError(CHUNK_MESSAGE);

let reload: Mock<() => void>;

beforeEach(() => {
  reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('reloadForChunkError (spec 01 §4)', () => {
  it('the stub is what the code under test sees', () => {
    window.location.reload();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores errors that are not chunk-load failures, without reloading or recording', () => {
    expect(reloadForChunkError(new Error('Cannot read properties of undefined'), 1_000_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.chunkReloadAt)).toBeNull();
  });

  it('on a chunk-load failure reloads once and records the time', () => {
    const now = 1_700_000_000_000;
    expect(reloadForChunkError(chunkError(), now)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.chunkReloadAt)).toBe(String(now));
  });

  it('a second chunk failure within 60 s does not reload again', () => {
    const first = 1_700_000_000_000;
    reloadForChunkError(chunkError(), first);
    expect(reloadForChunkError(chunkError(), first + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.chunkReloadAt)).toBe(String(first));
  });

  it('after 60 s a chunk failure reloads again', () => {
    const first = 1_700_000_000_000;
    reloadForChunkError(chunkError(), first);
    const later = first + CHUNK_RELOAD_WINDOW_MS + 1;
    expect(reloadForChunkError(chunkError(), later)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(window.localStorage.getItem(STORAGE_KEYS.chunkReloadAt)).toBe(String(later));
  });

  it('uses the clock when no time is given', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    expect(reloadForChunkError(chunkError())).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.chunkReloadAt)).toBe('1700000000000');
    vi.setSystemTime(1_700_000_000_000 + 30_000);
    expect(reloadForChunkError(chunkError())).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    CHUNK_MESSAGE,
    'Importing a module script failed.',
    'error loading dynamically imported module: https://portal.example/assets/x.js',
    'Loading chunk 42 failed.',
  ])('recognises %j', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('ignores other errors and non-errors', () => {
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError(CHUNK_MESSAGE)).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
