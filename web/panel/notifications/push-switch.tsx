import { useEffect, useState } from 'react';
import { currentPushStatus, disablePush, enablePush, pushSupported, type PushStatus } from '#web/lib/push-client.ts';

const LABEL: Record<PushStatus, string> = {
  disabled: 'Off',
  enabling: 'Turning on…',
  enabled: 'On',
  error: 'Off',
};

/** Browser notifications on this device (web push): the spec's statuses and its error messages. */
export function PushSwitch() {
  const [status, setStatus] = useState<PushStatus>('disabled');
  const [problem, setProblem] = useState('');
  const supported = typeof window !== 'undefined' && pushSupported();

  useEffect(() => {
    if (supported) void currentPushStatus().then(setStatus, () => setStatus('disabled'));
  }, [supported]);

  async function toggle() {
    setProblem('');
    const on = status === 'enabled';
    if (!on) setStatus('enabling');
    const result = on ? await disablePush() : await enablePush();
    setStatus(result.status);
    if (result.error) setProblem(`${result.error.title}: ${result.error.message}`);
  }

  if (!supported) return <p className="push-switch muted">Browser notifications are not supported in this browser.</p>;
  return (
    <div className="push-switch">
      <button
        type="button"
        role="switch"
        aria-checked={status === 'enabled'}
        className="switch"
        onClick={toggle}
        disabled={status === 'enabling'}
      >
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
        <span className="switch-text">Browser notifications: {LABEL[status]}</span>
      </button>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
