import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { hydrated } from '../search-modal';
import { TEMPLATES } from '../templates';
import { addSessionCookie } from './helpers';

/**
 * CHRM-01 on phones: the navbar holds the menu toggle, the brand, search and the signed-in
 * reader's menu. With a long display name the menu ran under the search button (which the theme
 * pins to the navbar's right edge), or wrapped onto the page below. At each phone width, on every
 * template, no two visible controls of the page chrome may cover one another.
 */
const PHONE_WIDTHS = [320, 360, 390, 414];
const LONG_NAME = 'Maximiliana Fitzgerald-Oyelaran';

test.use({ viewport: { width: PHONE_WIDTHS[0] ?? 320, height: 740 }, isMobile: true, hasTouch: true });

type Overlap = { first: string; second: string };

/**
 * Pairs of visible interactive elements whose boxes intersect by more than a pixel each way (one
 * inside the other does not count: a link in a card). Prose is left out (`.markdown`: inline
 * links wrap across lines, and code and tables scroll inside their own boxes); what is checked is
 * the chrome around it: navbar, announcement bar, breadcrumbs and Copy page, the table of contents
 * toggle, pagination, footer, and pages that are all controls (login, search, 403, 404).
 */
function overlappingControls(page: Page): Promise<Overlap[]> {
  return page.evaluate(() => {
    const INTERACTIVE =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
    const describe = (element: Element, box: DOMRect) => {
      const text = (element as HTMLElement).innerText.trim().replace(/\s+/g, ' ').slice(0, 30);
      const label = element.getAttribute('aria-label') ?? text;
      return `${element.tagName.toLowerCase()} "${label}" at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    };
    const controls = [...document.querySelectorAll(INTERACTIVE)]
      .filter((element) => !element.closest('.markdown'))
      .filter((element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      // On the page's width (a skip link waits off-screen until it has focus).
      .filter(({ box }) => box.width > 0 && box.height > 0 && box.right > 0 && box.left < window.innerWidth);
    const overlaps: { first: string; second: string }[] = [];
    for (const [i, a] of controls.entries()) {
      for (const b of controls.slice(i + 1)) {
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (width > 1 && height > 1)
          overlaps.push({ first: describe(a.element, a.box), second: describe(b.element, b.box) });
      }
    }
    return overlaps;
  });
}

for (const { name, path, ready } of TEMPLATES) {
  test(`CHRM-01 ${name} (${path}) on a phone, signed in with a long name: no control covers another at ${PHONE_WIDTHS.join(', ')} px`, async ({
    page,
    context,
  }) => {
    // The login screen is what a visitor without a session sees.
    if (path !== '/Login/') {
      await addSessionCookie(context, {
        name: LONG_NAME,
        username: 'maximiliana.fitzgerald-oyelaran@tala.example',
        roles: ['Documentation.Reader', 'Documentation.Onprem'],
      });
    }
    await page.goto(path);
    await hydrated(page);
    await ready(page);
    if (path !== '/Login/') {
      await expect(page.locator('.navbar').getByRole('button', { name: LONG_NAME })).toBeAttached();
    }
    // Measured at the top of the page. "Scroll back to top" floats over whatever is beneath it by
    // design, so it is looked at where Docusaurus hides it (readiness may have scrolled the page).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('button', { name: 'Scroll back to top' })).toBeHidden();
    const found: Record<string, Overlap[]> = {};
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      found[`${width} px`] = await overlappingControls(page);
    }
    expect(found).toEqual(Object.fromEntries(PHONE_WIDTHS.map((width) => [`${width} px`, []])));
  });
}
