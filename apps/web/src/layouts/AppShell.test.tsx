import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import indexHtml from '../../index.html?raw';
import { AppShell } from './AppShell.tsx';

/** Drops the text nodes that are only the file's indentation (a browser lays them out as nothing here). */
function withoutIndentation<T extends Node>(node: T): T {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE && !child.textContent?.trim()) child.remove();
    else withoutIndentation(child);
  }
  return node;
}

describe('the first paint (issue 17)', () => {
  it("index.html's #root holds exactly what AppShell renders, so the app takes over the painted bar as it is", () => {
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    const painted = withoutIndentation(page.getElementById('root')!);
    const { container } = render(<AppShell />);
    expect(painted.childElementCount).toBe(1);
    expect(painted.firstElementChild!.isEqualNode(withoutIndentation(container).firstElementChild)).toBe(true);
  });

  it('is hidden from assistive technology and shows the logo', () => {
    const { container } = render(<AppShell />);
    const shell = container.querySelector('.app-shell')!;
    expect(shell.getAttribute('aria-hidden')).toBe('true');
    expect(shell.textContent).toBe('Dealer Portal');
  });
});
