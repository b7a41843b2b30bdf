/** The sessionStorage key that carries a pasted log from search or an entry page to /diagnose/. */
export const HANDOFF_KEY = 'faultline:diagnose-log';

type HandoffStorage = Pick<Storage, 'setItem' | 'removeItem'>;

/**
 * Leaves a log for /diagnose/ in sessionStorage. The storage is small, shared by the whole
 * origin, and may be switched off (then even reading `sessionStorage` throws): a log that does
 * not fit gives false, and the caller tells the reader to open the file on the diagnose page,
 * which reads it in chunks, instead of throwing QuotaExceededError at them.
 */
export function handOffLog(text: string, storage: () => HandoffStorage = () => sessionStorage): boolean {
  try {
    storage().setItem(HANDOFF_KEY, text);
    return true;
  } catch {
    try {
      // a failed write leaves the previous value: never hand over a stale log
      storage().removeItem(HANDOFF_KEY);
    } catch {
      // storage is off altogether: there is nothing to remove
    }
    return false;
  }
}
