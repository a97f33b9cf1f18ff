import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from '../../../lib/notify';
import { TERMINALS, type TerminalId } from '@aeropool/contract/terminals';
import type { RideRequest } from '@aeropool/contract/rides';
import { SelectField } from '../../../components/ui/select-field';
import { Button } from '../../../components/ui/button';
import { focusFirstField } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { toKolkataInputValue } from '../../../lib/format-time';
import { RIDE_LIMITS, TOO_FAR_AHEAD } from '@aeropool/contract/ride-rules';
import { isConflict } from '../api/refresh-after-trip-write';
import { useSaveRideRequest } from '../api/save-ride-request';
import { useMatchesAndRequests } from '../api/get-matches-and-requests';
import { RIDE_REQUEST_TOASTS } from '../trip-toasts';
import {
  emptyFormValues,
  formValuesFrom,
  toRideRequestBody,
  type RideRequestFormValues,
} from '../utils/ride-request-form';
import { DirectionToggle } from './direction-toggle';
import { PlaceCombobox } from './place-combobox';
import { ApiError, isServerAnswer, serverMessageOr } from '../../../lib/api-client';
import { useUser } from '../../accounts/api/get-user';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';

type FieldError = { field: 'place' | 'time'; message: string };

/** The form's field a server refusal names: the place box stands for the city end either way. */
function fieldErrorOf(error: unknown): FieldError | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  if (error.field === 'timeOfTravel') return { field: 'time', message: error.message };
  if (/^(source|destination)\b/.test(error.field))
    return { field: 'place', message: error.message };
  return null;
}

/** A cab seats 3 and takes 4 bags (CAB_LIMITS): a rider brings at most one companion. */
const SEAT_OPTIONS = [
  { value: '1', label: 'Just me' },
  { value: '2', label: 'Me + 1 companion' },
];
const BAG_OPTIONS = ['0', '1', '2', '3'].map((n) => ({
  value: n,
  label: n === '0' ? 'No large bags' : n === '1' ? '1 bag' : `${n} bags`,
}));

export type RideRequestFormProps = {
  request?: RideRequest;
  userId: string;
  onDone: () => void;
  /** Told when a save starts and ends, so the dialog around it can stay open meanwhile. */
  onSavingChange?: (isSaving: boolean) => void;
};

export function RideRequestForm({ request, userId, onDone, onSavingChange }: RideRequestFormProps) {
  const [values, setValues] = useState<RideRequestFormValues>(() =>
    request ? formValuesFrom(request) : emptyFormValues(),
  );
  const [minTime] = useState(() => toKolkataInputValue(Date.now()));
  // The picker offers no day the server refuses (datetime-local values compare as text).
  const [maxTime] = useState(() =>
    toKolkataInputValue(Date.now() + RIDE_LIMITS.maxDaysAhead * 86_400_000),
  );
  const isTooFarAhead = values.time > maxTime;
  const { mutateAsync } = useSaveRideRequest();
  const [isPending, setIsPending] = useState(false);
  useEffect(() => onSavingChange?.(isPending), [isPending, onSavingChange]);
  // A save that ends by closing the dialog unmounts the form before its pending state clears.
  useEffect(() => () => onSavingChange?.(false), [onSavingChange]);
  const terminalFieldId = useId();
  const closesRequestsId = useId();
  // After a refused submit, the empty fields say what they need (the toast says the rest).
  const [showMissing, setShowMissing] = useState(false);
  const [womenOnly, setWomenOnly] = useState(request?.womenOnly ?? false);
  const [load, setLoad] = useState({ seats: request?.seats ?? 1, bags: request?.bags ?? 1 });
  // Offered to riders whose profile says Woman (the server decides; this only hides the box),
  // and kept on a ride that was women-only, so un-ticking it is sent even before the profile
  // has loaded.
  const canOfferWomenOnly = useUser(userId).data?.gender === 'woman' || request?.womenOnly === true;
  // A change closes the ride's open match requests, sent and received (the server does, on any
  // change their riders saw): said before saving, not found out after.
  const lists = useMatchesAndRequests(request?._id ?? '', request !== undefined).data;
  const openRequests = lists
    ? [...lists.incomingMatches, ...lists.outgoingMatches].filter((m) => m.status === 'Pending')
        .length
    : 0;
  const formRef = useRef<HTMLFormElement>(null);
  // The form's code can arrive after its dialog opened, which then found no field to focus. The
  // trip's direction comes first (a radio group of buttons, which focusFirstField passes over).
  useEffect(() => {
    const direction = formRef.current!.querySelector<HTMLElement>('[role="radio"][tabindex="0"]');
    if (direction) direction.focus();
    else focusFirstField(formRef.current!);
  }, []);
  // The server's refusal of one field (a time taken by another ride, a place outside the city)
  // stays beside that field, not only in the toast, until the field changes.
  const [serverError, setServerError] = useState<FieldError | null>(null);
  // After any refused submit, focus goes to the first field that says why.
  const focusFirstError = useFocusFirstError(formRef);
  const set = (patch: Partial<RideRequestFormValues>) => {
    setServerError(null);
    setValues((current) => ({ ...current, ...patch }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values.place || !values.time || !toRideRequestBody(values, userId)) {
      setShowMissing(true);
      toast.error(RIDE_REQUEST_TOASTS.fillAll);
      focusFirstError();
      return;
    }
    if (isTooFarAhead) {
      // The field says so already; a press of the button that did nothing would say nothing.
      toast.error(TOO_FAR_AHEAD);
      focusFirstError();
      return;
    }
    const filled = toRideRequestBody(values, userId);
    if (!filled) return;
    // The form shows minutes: a time left as it was is sent as stored (seconds and all, from
    // another client), or the save would count as a change and close the ride's requests.
    const body =
      request && values.time === toKolkataInputValue(request.timeOfTravel)
        ? { ...filled, timeOfTravel: request.timeOfTravel }
        : filled;
    setIsPending(true);
    try {
      // An edit says which version of the ride it was made from (a change since is not undone).
      const edited = request?.updatedAt !== undefined ? { editedAt: request.updatedAt } : {};
      await mutateAsync({
        requestId: request?._id,
        body: { ...body, ...load, ...edited, ...(canOfferWomenOnly ? { womenOnly } : {}) },
      });
      toast.success(request ? RIDE_REQUEST_TOASTS.updated : RIDE_REQUEST_TOASTS.created);
      onDone();
    } catch (error) {
      toast.error(
        isServerAnswer(error)
          ? serverMessageOr(error, RIDE_REQUEST_TOASTS.failed)
          : RIDE_REQUEST_TOASTS.exception,
      );
      const refused = fieldErrorOf(error);
      if (refused) {
        setServerError(refused);
        focusFirstError();
      }
      // The request changed meanwhile (matched, expired): the list now shows it as it is, and
      // every retry of this form would be refused the same way.
      else if (request && isConflict(error)) onDone();
    } finally {
      setIsPending(false);
    }
  };

  const isDrop = values.direction === 'drop';
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-4"
    >
      <DirectionToggle
        value={values.direction}
        onChange={(direction) => set({ direction })}
        disabled={isPending}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={terminalFieldId} className="text-sm font-medium text-slate-700">
          Terminal
        </label>
        <select
          id={terminalFieldId}
          value={values.terminalId}
          disabled={isPending}
          onChange={(event) => set({ terminalId: event.target.value as TerminalId })}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100"
        >
          {TERMINALS.map((terminal) => (
            <option key={terminal.id} value={terminal.id}>
              {terminal.name}
            </option>
          ))}
        </select>
      </div>
      <PlaceCombobox
        label={isDrop ? 'Destination' : 'Pickup location'}
        terminalId={values.terminalId}
        value={values.place}
        onChange={(place) => set({ place })}
        disabled={isPending}
        isInvalid={(showMissing && !values.place) || serverError?.field === 'place'}
        error={serverError?.field === 'place' ? serverError.message : undefined}
      />
      <TextField
        label="Date and time"
        type="datetime-local"
        value={values.time}
        min={minTime}
        max={maxTime}
        // The time riders are matched on: for a drop, when the cab can leave with them.
        hint={
          isDrop
            ? 'When you will be at the airport kerb, ready to leave (Bengaluru time, IST)'
            : 'When the cab should collect you (Bengaluru time, IST)'
        }
        error={
          showMissing && !values.time
            ? 'Choose a date and time (Bengaluru time).'
            : isTooFarAhead
              ? TOO_FAR_AHEAD
              : serverError?.field === 'time'
                ? serverError.message
                : undefined
        }
        disabled={isPending}
        onChange={(event) => set({ time: event.target.value })}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label="Seats"
          value={String(load.seats)}
          options={SEAT_OPTIONS}
          disabled={isPending}
          onChange={(event) => setLoad({ ...load, seats: Number(event.target.value) })}
        />
        <SelectField
          label="Bags"
          value={String(load.bags)}
          options={BAG_OPTIONS}
          disabled={isPending}
          onChange={(event) => setLoad({ ...load, bags: Number(event.target.value) })}
        />
      </div>
      {canOfferWomenOnly ? (
        <label className="flex items-start gap-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={womenOnly}
            disabled={isPending}
            onChange={(event) => setWomenOnly(event.target.checked)}
            className="mt-0.5 size-5 accent-brand-700"
          />
          <span>
            <span className="font-semibold text-slate-900">Women only</span>
            <span className="block">
              Offer this ride only to women riders, and see only theirs.
            </span>
          </span>
        </label>
      ) : null}
      {openRequests > 0 ? (
        <p id={closesRequestsId} className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {openRequests === 1
            ? 'Changing this ride closes its open match request.'
            : `Changing this ride closes its ${openRequests} open match requests.`}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          isLoading={isPending}
          loadingText="Saving..."
          aria-describedby={openRequests > 0 ? closesRequestsId : undefined}
        >
          {request ? 'Save Changes' : 'Create Request'}
        </Button>
      </div>
    </form>
  );
}
