/**
 * The demo students' welcome notices, as a delivery writes them (lambdas/notify/deliver.ts): the notice,
 * its key (the same one a real welcome uses, so the account's welcome is never sent again) and the
 * inbox's unread count.
 */
import { noticeId, noticeKey } from '../../../lambdas/domain/notification-rules.js';
import { renderNotice } from '../../../lambdas/notify/templates.js';
import { Notice, notificationKeys } from '../../../lambdas/store/notification.js';

export function welcomeNoticeItems(username: string, at: Date): Array<Record<string, unknown>> {
  const key = noticeKey({ event: 'account.created', entity: 'account', recipient: username });
  const id = noticeId(at, 'welcome0');
  return [
    { ...notificationKeys.noticeKey(key), type: 'noticeKey', username, noticeId: id },
    Notice.item({ id, username, ...renderNotice('account_created', {}), createdAt: at.toISOString(), readAt: null, key }),
    { ...notificationKeys.state(username), type: 'inboxState', unread: 1 },
  ];
}
