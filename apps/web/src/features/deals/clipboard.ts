/**
 * Puts text on the clipboard. The Clipboard API needs a secure, focused page; where it refuses,
 * the older copy command on a hidden field still works inside a click.
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // fall through to the copy command
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const copied = document.execCommand?.('copy') ?? false;
  field.remove();
  if (!copied) throw new Error('Copy is not available');
}
