import { OTP_LENGTH } from '@aeropool/contract/limits';
import { TextField } from '../../../components/ui/text-field';

type Props = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
};

/** One field for the 6-digit code, so browsers and phones can fill it from the message. */
export function OtpInput({ value, onChange, error, disabled }: Props) {
  return (
    <TextField
      label="OTP"
      name="otp"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      // Room for a pasted code's spaces or dashes: a browser cuts text at maxLength before
      // onChange can drop them (the value itself is cut to the code's length there).
      maxLength={OTP_LENGTH * 2}
      placeholder={'•'.repeat(OTP_LENGTH)}
      value={value}
      // Pasted codes often carry spaces; keep the digits only.
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
      error={error}
      disabled={disabled}
      className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.5em]"
    />
  );
}
