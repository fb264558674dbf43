import englishMessages from 'ra-language-english';

/** Our own strings. The Arabic file is typed against this object, so a key cannot be missing there. */
const app = {
  title: 'Back-office',
  theme: { label: 'Theme', light: 'Light', dark: 'Dark', auto: 'Auto (system)' },
  login: {
    title: 'Back-office sign-in',
    email: 'Email Address',
    password: 'Password',
    sign_in: 'Sign in',
    forgot: 'Forgot password?',
    fields_empty: 'Please fill in all fields, Email Address or Password is Empty!',
    failed: 'Sign in failed',
    unknown_error: 'Unknown Error',
  },
  dashboard: {
    welcome: 'Welcome, %{name}',
    intro: 'Choose a section from the menu. Statistics will appear on this page in a later version.',
    role_admin: 'Signed in as Admin',
    role_sub_admin: 'Signed in as Sub-admin: you can view and manage users.',
  },
  user_type: { student: 'Student', coach: 'Coach', entity: 'Entity' },
  subscription: { active: 'Active', inactive: 'Not Active' },
  verified: { yes: 'Verified', no: 'Not verified' },
};

export const en = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    message: { ...englishMessages.ra.message, delete_content: 'Are you sure want to delete?' },
  },
  app,
  resources: {
    users: {
      name: 'User |||| Users',
      empty: 'No users yet.',
      fields: {
        picture: 'Picture',
        name: 'Name',
        national_id: 'National ID',
        email: 'Email',
        phone_number: 'Phone',
        type: 'Type',
        crNumber: 'CR number',
        subcription: 'Subscription',
        isVerified: 'Verified',
        start_date: 'Start',
        end_date: 'End',
        nationality: 'Nationality',
        gender: 'Gender',
        dob: 'Date of birth',
        guardian_name: 'Guardian name',
        guardian_phone: 'Guardian phone',
        created_at: 'Joined',
        q: 'Search',
      },
    },
    events: {
      name: 'Event |||| Events',
      empty: 'No events yet.',
      fields: {
        name: 'Name',
        name_en: 'English name',
        type: 'Type',
        link: 'Link',
        event_date: 'Event date',
        status: 'Status',
        home_status: 'Home display',
        countdownStarted: 'Countdown',
        created_at: 'Created',
        q: 'Search',
      },
    },
  },
};

export type Messages = typeof en;
