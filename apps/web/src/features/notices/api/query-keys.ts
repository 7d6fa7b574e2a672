export const noticeKeys = {
  all: ['notices'] as const,
  list: () => [...noticeKeys.all, 'list'] as const,
  preferences: () => [...noticeKeys.all, 'preferences'] as const,
  webPushKey: () => [...noticeKeys.all, 'web-push-key'] as const,
};
