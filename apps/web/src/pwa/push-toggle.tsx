import { PUSH_MESSAGES } from '@aeropool/contract/push';
import { useEffect, useId, useState } from 'react';
import { Button } from '../components/ui/button';
import { serverMessageOr } from '../lib/api-client';
import toast from '../lib/notify';
import { readPushStatus, turnPushOff, turnPushOn, type PushStatus } from './push-subscription';

export const PUSH_TEXTS = {
  checking: 'Checking this device…',
  unsupported: 'This browser cannot show AeroPool notifications.',
  homeScreen:
    'On iPhone and iPad, notifications come to AeroPool on your Home Screen: tap Share, then Add to Home Screen, and open AeroPool from there.',
  unavailable: 'Notifications are not ready on this page. Reload it and try again.',
  denied:
    'Notifications are blocked for AeroPool in this browser. Allow them in the site settings, then reload this page.',
  off: 'Get match requests, messages and trip reminders on this device, even when AeroPool is closed.',
  on: 'This device shows AeroPool notifications.',
  notAllowed: 'Notifications were not allowed.',
  turnOnFailed: 'Could not turn on notifications. Please try again.',
  turnOffFailed: 'Could not turn off notifications. Please try again.',
} as const;

/**
 * /profile: Web Push on this browser (issue 9). The rider's other devices have their own switch:
 * a subscription belongs to one browser.
 */
export function PushNotificationsToggle() {
  const titleId = useId();
  const textId = useId();
  const [status, setStatus] = useState<PushStatus | 'checking'>('checking');
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    readPushStatus()
      .catch((): PushStatus => 'off')
      .then((read) => {
        if (isCurrent) setStatus(read);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  const change = async (turnOn: boolean) => {
    setIsBusy(true);
    try {
      const next = await (turnOn ? turnPushOn() : turnPushOff());
      setStatus(next);
      if (next === 'on') toast.success(PUSH_MESSAGES.subscribed);
      else if (!turnOn) toast.success(PUSH_MESSAGES.unsubscribed);
      else if (next === 'off') toast.error(PUSH_TEXTS.notAllowed);
    } catch (error) {
      toast.error(
        serverMessageOr(error, turnOn ? PUSH_TEXTS.turnOnFailed : PUSH_TEXTS.turnOffFailed),
      );
    } finally {
      setIsBusy(false);
    }
  };

  const canSwitch = status === 'on' || status === 'off';
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={titleId} className="mb-2 text-lg font-semibold text-slate-900">
        Notifications on this device
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={textId} role="status" className="max-w-prose text-sm text-slate-600">
          {PUSH_TEXTS[status]}
        </p>
        {canSwitch ? (
          <Button
            variant={status === 'on' ? 'secondary' : 'primary'}
            aria-describedby={textId}
            isLoading={isBusy}
            loadingText={status === 'on' ? 'Turning off…' : 'Turning on…'}
            onClick={() => void change(status === 'off')}
          >
            {status === 'on' ? 'Turn off notifications' : 'Turn on notifications'}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
