import { useRef, useState, type FormEvent } from 'react';
import toast from '../../../lib/notify';
import { AppLink } from '../../../components/navigation/navigation';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';
import { LOGIN_TOASTS } from '../account-toasts';
import { useLogin } from '../api/login';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { validateFields, type FieldErrors } from '../utils/field-errors';
import { useFocusBackAfterSending } from '../../../lib/use-focus-back-after-sending';

type Field = 'email' | 'password';

// The schemas bring zod: loaded once the visitor turns to the form, not with the page (issue 7).
const loadSchemas = () => import('@aeropool/contract/accounts');

/** Spec §2 Login and §8: per-field messages, 'Signing In...' while the request runs. */
export function LoginForm() {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  /** A suspended account's reason and where to write: kept on screen, not a passing toast. */
  const [refusal, setRefusal] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const isSubmittingRef = useRef(false);
  const { run: logIn, isPending } = useLogin();
  const completeSignIn = useCompleteSignIn();
  const focusFirstError = useFocusFirstError(formRef);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name === 'email' || name === 'password') change(name, value);
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second Enter while the first submit is still under way (its schemas may be loading).
    if (isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    try {
      await checkAndSignIn();
    } finally {
      isSubmittingRef.current = false;
    }
  };

  const checkAndSignIn = async () => {
    let schemas;
    try {
      schemas = await loadSchemas();
    } catch {
      toast.error(LOGIN_TOASTS.exception);
      return;
    }
    const validation = validateFields(schemas.loginBodySchema, values);
    setErrors(validation.errors);
    if (!validation.success) {
      focusFirstError();
      return;
    }

    setRefusal(undefined);
    try {
      const result = await logIn(validation.data);
      completeSignIn(result, LOGIN_TOASTS.welcome);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        toast.error(LOGIN_TOASTS.exception);
        return;
      }
      if (error.statusCode === 403) {
        setRefusal(error.message);
        return;
      }
      // Only "wrong credentials" and "no such user" carry a message meant for this form.
      const isCredentialError = error.statusCode === 401 || error.statusCode === 404;
      toast.error(isCredentialError ? error.message : LOGIN_TOASTS.somethingWrong);
    }
  };

  const focusBackAfterSending = useFocusBackAfterSending(isPending);
  return (
    <form
      onSubmitCapture={focusBackAfterSending}
      ref={formRef}
      noValidate
      onSubmit={submit}
      onFocus={() => void loadSchemas().catch(() => undefined)}
      className="flex flex-col gap-4"
    >
      {refusal ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
        >
          {refusal}
        </p>
      ) : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={errors.email}
        disabled={isPending}
      />
      <div className="flex flex-col gap-1">
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          error={errors.password}
          disabled={isPending}
        />
        <AppLink
          to="/forgot-password"
          className="self-end rounded text-sm font-medium text-brand-700 hover:text-brand-900 hover:underline"
        >
          Forgot Password?
        </AppLink>
      </div>
      <Button type="submit" isLoading={isPending} loadingText="Signing In..." className="w-full">
        Sign In
      </Button>
    </form>
  );
}
