import { useState } from 'react';

/**
 * A form's values, started from what the server holds and started again when that changes while the person has not
 * edited anything: a screen first shows the copy kept on the device, then the server's answer, which may be newer
 * (saved from another device, or after the copy was kept). Edits in progress are never replaced.
 */
export function useServerFormState<Server, Values>(server: Server, toValues: (server: Server) => Values) {
  const [from, setFrom] = useState(server);
  const [values, setValues] = useState(() => toValues(server));
  if (from !== server) {
    setFrom(server);
    // Values are plain data (strings, numbers, booleans): equal text means untouched.
    if (JSON.stringify(values) === JSON.stringify(toValues(from))) setValues(toValues(server));
  }
  return [values, setValues] as const;
}
