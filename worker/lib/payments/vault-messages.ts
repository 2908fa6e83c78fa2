/** What the vault adapters say when a method cannot be saved or charged (shown to the payer). */
export const NO_METHOD = 'No saved payment method to charge';
export const SETUP_MISMATCH = 'The saved payment method does not belong to this request';
export const setupNotSaved = (state: string) => `The payment method was not saved (${state})`;
