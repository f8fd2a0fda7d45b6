import type { AlertColor } from '@mui/material/Alert';

/**
 * A message carried in router state across a redirect (e.g. the admin guard's refusal), shown
 * once on the page the user lands on by <RedirectNotice/> in the layout.
 */
export interface RedirectNotice {
  message: string;
  severity: AlertColor;
}

export interface RedirectNoticeState {
  notice: RedirectNotice;
}

export function noticeState(message: string, severity: AlertColor = 'warning'): RedirectNoticeState {
  return { notice: { message, severity } };
}

export function noticeFrom(state: unknown): RedirectNotice | null {
  const notice = (state as Partial<RedirectNoticeState> | null)?.notice;
  return notice && typeof notice.message === 'string' ? notice : null;
}
