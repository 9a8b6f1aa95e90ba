import type { Page } from '@playwright/test';

/**
 * The controls of `main` smaller than 44 × 44 CSS px (issue 31 item 4: gloved hands in the bay): every visible
 * link, button, field, select and checkbox, measured where it is drawn. A link inside a sentence is measured by
 * its line, as WCAG 2.5.8 allows; a checkbox or radio counts with its label when the label wraps it.
 */
export async function smallTargets(page: Page, minimum = 44): Promise<string[]> {
  return page.locator('main').evaluate((main, min) => {
    const small: string[] = [];
    const controls = main.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link]',
    );
    for (const control of Array.from(controls)) {
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const label = control.closest('label');
      if (label && (control as HTMLInputElement).type?.match(/checkbox|radio/)) box = label.getBoundingClientRect();
      const inSentence =
        control.tagName === 'A' && control.closest('p, li p, td') !== null && style.display === 'inline';
      if (inSentence) continue;
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
        small.push(`${control.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, minimum);
}
