/**
 * Every text the spec quotes, word for word, in one place (CONVENTIONS: messages are data).
 * Server, web and tests import from here instead of retyping a string.
 */
export const messages = {
  // Ours (issue 32): /api/docs where API_DOCS=admins.
  apiDocsAdminsOnly: 'The API documentation is only available to administrators.',
  // spec 01 §5: shared validation messages
  requiredField: 'Required field',
  emailInvalid: 'Email invalid',
  mustBeNumber: 'Must be a number',
  mustBeWholeNumber: 'Must be a whole number',
  alphanumericOnly: 'Must contain only letters and numbers, no spaces or special characters',
  uniqueNameChars: 'Must contain only letters, numbers, hyphens, apostrophes, or spaces',
  personNameChars: 'Must contain only letters, hyphens, spaces, or apostrophes',
  passwordInvalid: 'Password invalid',
  numbersAndHyphens: 'Must contain only numbers and/or hyphens',
  poNumberChars: 'Must contain only a-z, A-Z, 0-9, ~!@#$%^&*()-_.',
  minChars: (n: number) => `Must have at least ${n} characters`,
  maxChars: (n: number) => `Must have less than ${n} characters`,
  moreThan: (n: number) => `Must be more than ${n}`,
  lessThan: (n: number) => `Must be less than ${n}`,
  numbers1to5: 'Must enter numbers 1-5',
  numbers1to7: 'Must enter numbers 1-7',
  urlInvalid: 'URL must start with http or https',
  phoneInvalid: 'Phone number invalid',
  mobilePhoneInvalid: 'Mobile Phone Invalid',
  completeAllFields: 'Please complete all fields',

  // spec 01 §8: sign-in and passwords
  invalidPasswordEmail: 'Invalid Password/Email',
  accountSetupIncomplete: 'New account setup not complete. Please check email for next steps.',
  accountLocked: 'Account locked. Please reset password.',
  invalidRequest: 'Invalid Request',
  userNotFound: 'User not found',
  attemptLimitForgot: 'Attempt limit exceeded, please try after some time.',
  attemptLimitChange: 'Attempt limit exceeded. Please try again in 15 minutes.',
  credentialsNeedRefresh:
    'Your login credentials need to be refreshed due to a recent change you have made. Please login again to resume application access.',

  // spec 01 §8 "reset with a wrong code surfaces a code-mismatch error": the identity service's texts
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpiredReset: 'Invalid code provided, please request a code again.',
  passwordsDoNotMatch: 'Passwords do not match',
  resetCodeSent: 'If an account exists for that e-mail, we sent it a code to reset the password.',

  // ours: second factor (the spec shows no text for these)
  invalidCode: 'Invalid code. Please check the code and try again.',
  codeExpired: 'Your sign-in code has expired. Please sign in again.',
  signInRequired: 'Please sign in to continue.',
  /** Ours: an address the server cannot read (broken %-escapes) or one past the router's limit. */
  malformedUrl: 'This address is not valid. Please check the link and try again.',
  urlTooLong: 'This address is too long. Please check the link and try again.',

  // spec 01 §8: business selection
  noDealerPrimary:
    'The business you selected does not have a dealer primary account. Please note that in order to impersonate said business, it is mandatory that they have an associated dealer account.',
  noDealerAccount: 'Business parter does not have an associated dealer account.',
  selectBusinessFailed: 'Unexpected error when selecting this business. Please try again later.',
  partnerNotFound: 'Unexpected error. Please try again later.',
  noResultsFound: 'No results found.',
  noLinkedBusiness: 'Unable to add the item(s) to the cart. No linked business account.',

  // spec 01 §8: generic
  unexpected: 'Unexpected Error. Please try again later.',
  somethingWentWrong: 'Something went wrong',

  // spec 01 §5, §8: vehicles
  selectYearMakeModel: 'Please select a Year, Make and Model to continue',
  provideVin: 'Please provide a vehicle VIN number to continue',
  missingVehicleDetails: 'Missing vehicle details',
  noVehicleData: 'No data available. Please try again using a different vehicle.',
  vinNotFound:
    'Unable to find a vehicle using this vin. Please check your vin for accuracy or search by year, make, and model.',
  vinUnavailable: 'Vin searching is currently unavailable. Please try again later or search by year, make, and model.',
  notFound: 'Not Found',

  // spec 01 §5, spec 02 §5, §8: accounts, invitations, cards
  invalidJwt: 'Invalid JWT token',
  invalidInstallerAccount: 'Invalid Installer Account. Please activate as guest.',
  userIdRequired: 'User id is a required field',
  updatesRequired: 'Updates object is required',
  cardIdRequired: 'Card id is a required field',
  installerIdRequired: 'Installer ID is required',
  transactionDeclined: 'This transaction has been declined.',

  // spec 01 §2.3: error pages and wrong-site modal
  pageNotFoundTitle: 'Page Not Found',
  pageNotFoundBody: 'The page you are looking for does not exist.',
  pageCouldNotBeFound: 'This page could not be found',
  applicationErrorTitle: 'Application Error',
  applicationErrorBody:
    'This site has run into an error. Please check back soon or contact support if the problem continues.',
  backToHome: 'Back to Home',
  wrongSiteTitle: "Looks like you're based in Canada",

  // spec 01 §2.6: vehicle form
  vehicleFormTitle: 'Find Vehicle Specific Products & Resources!',

  // ours (issue 14): the staff list is for those who see My Business (spec 01 §6)
  staffOwnersOnly: 'Only the dealer’s owner can see the dealer’s staff.',

  // ours (issue 15): consumers (B2C) skip the product checkout (spec 02 §1); they activate their
  // own devices and buy their service plans
  consumerNoProductCheckout:
    'Products are bought through a dealer or installer. With your account you activate your own devices and buy their service plans.',
  consumerRegisterLead: 'Activate and manage your own devices, and buy their service plans.',
} as const;

export type MessageKey = keyof typeof messages;
