import type { ReactNode } from 'react';

/**
 * One column of a DataTable. The header is the spec's text: the table shows it word for word and a
 * phone's card uses it as the field's label.
 */
export interface DataColumn<Row> {
  header: string;
  render: (row: Row) => ReactNode;
  /**
   * 'title': the card's heading on phones (one per table). 'key' (the default): on the card's face.
   * 'secondary': folded under "More details" on the card, so a phone shows what a person scans for first.
   */
  priority?: 'title' | 'key' | 'secondary';
  /** Wide tables: keep on one line (dates, amounts, small chips). Other cells wrap, so the table fits its container. */
  nowrap?: boolean;
  /** Long unbroken values (emails, references) may break anywhere; other cells break between words only. */
  breakAnywhere?: boolean;
  align?: 'left' | 'right';
  /** Width hint for the wide table (CSS width: 160, '20%'). */
  width?: number | string;
}

/** The row's actions: the table's last column on wide screens, the card's foot on phones. */
export interface RowActions<Row> {
  /** The column's header: a spec text ("Actions", "Receipt"). */
  header?: string;
  render: (row: Row) => ReactNode;
}
