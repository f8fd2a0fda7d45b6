/**
 * The header's links at any width: below 600 px they are behind the menu button, so a test
 * that follows a header link opens the menu first when the header is collapsed.
 */
import type { Locator, Page } from 'playwright-core';

/** Opens the phone header's menu if the header is collapsed (the menu button shows); answers whether it did. */
export async function openMenuIfCollapsed(page: Page): Promise<boolean> {
  const banner = page.getByRole('banner');
  await banner.waitFor();
  const menu = banner.getByRole('button', { name: 'Menu', exact: true });
  if (!(await menu.isVisible())) return false;
  await menu.click();
  await banner.getByRole('navigation', { name: 'Main menu' }).waitFor();
  return true;
}

/** The header link named `name`, visible: in the bar on wide screens, in the opened menu on phones. */
export async function headerLink(page: Page, name: string): Promise<Locator> {
  await openMenuIfCollapsed(page);
  return page.getByRole('banner').getByRole('link', { name, exact: true });
}
