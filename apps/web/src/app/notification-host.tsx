import { useEffect } from 'react';
import { notification } from 'antd';
import { attachNoticeHost } from '../lib/notices';

/** Renders the API client's success, refusal (warning) and error notices inside the app's theme and direction. */
export default function NotificationHost() {
  // Bottom right: at the top right the notices covered a screen's Edit and Delete buttons for
  // seconds after each save. A success says its word and goes sooner than a refusal or error.
  const [api, contextHolder] = notification.useNotification({ placement: 'bottomRight', maxCount: 4 });
  useEffect(() => {
    attachNoticeHost({
      success: (text) => api.success({ title: text, duration: 3 }),
      warning: (text) => api.warning({ title: text }),
      error: (text) => api.error({ title: text }),
    });
    return () => attachNoticeHost(null);
  }, [api]);
  return contextHolder;
}
