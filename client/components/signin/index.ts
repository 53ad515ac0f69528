// The sign-in part of the client: the dialog, the provider that opens it, the shared input
// fields, and the resend-verification prompt.
export { SignInDialog, optionsStep, MODAL_ANIMATION_MS, type SignInDialogConfig, type SignInStep } from './SignInDialog.tsx';
export { SignInDialogProvider, useSignInDialog, openSignInDialog, toDialogConfig, type OpenSignInOptions } from './SignInDialogProvider.tsx';
export { InputField, SHAKE_MS, type InputFieldType } from './InputField.tsx';
export { VerifyEmailPrompt } from './VerifyEmailPrompt.tsx';
