import { useEffect } from 'react';
import type { FormInstance } from 'antd';
import { formPathOf, type ServerFieldErrors } from './server-errors';

/** Puts the server's field messages (already in the user's language) under the fields they concern. */
export function useServerErrors(form: FormInstance, errors: ServerFieldErrors | undefined): void {
  useEffect(() => {
    if (!errors?.length) return;
    form.setFields(errors.map((e) => ({ name: formPathOf(e.field), errors: [e.message] })));
  }, [errors, form]);
}
