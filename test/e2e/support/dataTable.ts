/**
 * The portal's tables (web/src/shared/components/DataTable) are a <table> from 600 px up and a list of
 * cards below. These find a table by its name in either form, and its rows (table rows or cards).
 */
import type { Locator, Page } from 'playwright-core';

type Scope = Page | Locator;

/** The table named `name`, or at phone width the list of cards of that name. */
export function dataTable(scope: Scope, name: string | RegExp): Locator {
  return scope.getByRole('table', { name }).or(scope.getByRole('list', { name }));
}

/** Its body rows: <tr> under <tbody> (including a "Loading..." or empty-state row), or its cards. */
export function dataRows(scope: Scope, name: string | RegExp): Locator {
  return dataTable(scope, name).locator(':scope > tbody > tr, :scope > li');
}

/** One row or card holding `text` (a table row by role on wide screens). */
export function dataRow(scope: Scope, name: string | RegExp, text: string | RegExp): Locator {
  return dataRows(scope, name).filter({ hasText: text });
}
