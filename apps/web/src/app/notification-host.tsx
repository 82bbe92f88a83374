import { useEffect } from 'react';
import { notification } from 'antd';
import { attachNoticeHost } from '../lib/notices';

/** Renders the API client's success, refusal (warning) and error notices inside the app's theme and direction. */
export default function NotificationHost() {
  const [api, contextHolder] = notification.useNotification({ placement: 'topRight', maxCount: 4 });
  useEffect(() => {
    attachNoticeHost({
      success: (text) => api.success({ title: text }),
      warning: (text) => api.warning({ title: text }),
      error: (text) => api.error({ title: text }),
    });
    return () => attachNoticeHost(null);
  }, [api]);
  return contextHolder;
}
