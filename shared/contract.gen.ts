// Generated from openapi.yaml by scripts/contract-values.ts (`npm run gen`). Do not edit: change the contract.

/** Every named enum of the contract, its values in the contract’s order. */
export const ENUMS = {
  Role: ["ADMIN", "TUTOR"],
  DeliveryMode: ["home", "school", "online", "community"],
  Weekday: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
  TimeOfDay: ["morning", "afternoon", "after_school", "evening"],
  SchoolYear: ["reception", "year_1", "year_2", "year_3", "year_4", "year_5", "year_6", "year_7", "year_8", "year_9", "year_10", "year_11", "year_12", "year_13"],
  StudyLevel: ["early_years", "primary", "ks3", "gcse", "a_level", "adult", "other"],
  HowHeard: ["search_engine", "social_media", "friend_or_family", "school", "community_group", "leaflet_or_poster", "other"],
  ApplicantType: ["parent_guardian", "adult_learner", "referral"],
  ContactRelationship: ["parent", "guardian", "carer", "self", "teacher", "support_worker", "other"],
  PreferredContact: ["email", "phone", "text"],
  SchoolType: ["primary", "secondary", "all_through", "special", "alternative_provision", "sixth_form", "independent", "other"],
  SchoolDelivery: ["school_day", "after_school", "online"],
  LessonFrequency: ["weekly", "twice_weekly", "fortnightly", "flexible"],
  LessonMinutes: [30, 45, 60, 90],
  SchoolTerm: ["autumn", "spring", "summer"],
  HighestQualification: ["gcse", "a_level", "degree", "postgraduate", "doctorate", "other"],
  RegistrationEventKind: ["submitted", "status", "accepted", "note"],
  RegistrationType: ["subject", "course", "school", "tutor"],
  MailKind: ["password_reset", "staff_invitation", "tutor_invitation", "second_step_reset", "sign_in_warning", "contact_message", "registration_confirmation", "registration_notification", "enrolment_accepted", "registration_closed", "placement_started", "placement_ended", "report_returned", "safeguarding_concern", "report_shared", "family_link", "lesson_reminder", "lesson_changed", "other"],
  MailFilter: ["pending", "stored", "sent", "failed", "failed_this_week"],
  MailStatus: ["pending", "stored", "sent", "failed"],
  RegistrationStatus: ["new", "in_review", "accepted", "rejected", "withdrawn"],
  StudentStatus: ["waiting", "active", "paused", "finished"],
  HistorySubject: ["student", "school", "tutor", "lesson", "safeguarding_concern", "course", "blog_post"],
  HistoryAction: ["student.created", "student.updated", "school.created", "school.updated", "tutor.created", "tutor.invited", "tutor.updated", "tutor.status_changed", "tutor.check_recorded", "placement.started", "placement.ended", "placement.moved", "lesson.planned", "lesson.moved", "lesson.cancelled", "lesson.missed", "lesson.report_submitted", "lesson.report_edited", "lesson.report_returned", "lesson.report_resubmitted", "lesson.report_approved", "lesson.report_held_back", "lesson.report_shared", "concern.raised", "concern.status_changed", "course.created", "course.updated", "course.status_changed", "post.created", "post.updated", "post.status_changed", "post.published", "student.anonymised", "tutor.anonymised", "school.contact_anonymised"],
  PersonalDataKind: ["learner", "contact", "tutor", "school-contact", "registration"],
  TutorStatus: ["invited", "active", "paused", "left"],
  CheckState: ["current", "expiring", "expired", "none"],
  CheckFilter: ["current", "expiring", "expired", "none", "not_valid"],
  SafeguardingCheckType: ["enhanced_barred", "enhanced", "basic", "other"],
  PlacementStatus: ["active", "ended", "moved"],
  SuggestionFactor: ["subject", "level", "mode", "area", "availability"],
  LessonStatus: ["planned", "awaiting_report", "submitted", "returned", "resubmitted", "approved", "cancelled", "missed"],
  Attendance: ["present", "late", "absent"],
  CancelledBy: ["family", "school", "tutor", "office"],
  ConcernSeverity: ["low", "medium", "high"],
  ConcernStatus: ["open", "in_hand", "closed"],
  ConcernFilter: ["to_act_on", "open", "in_hand", "closed"],
  RecordOpeningKind: ["opened", "exported", "downloaded"],
  RecordOpeningSubject: ["student", "tutor", "school", "lesson_report", "concern", "registration", "students", "tutors", "schools", "registrations", "contact_messages", "lesson_figures"],
  ReportState: ["to_review", "awaiting_report", "overdue", "returned", "approved"],
  LessonFigure: ["month", "mode", "attendance", "reports", "tutor", "school"],
  LessonEvent: ["TIME_PASSED", "MOVE", "CANCEL", "MARK_MISSED", "SUBMIT_REPORT", "EDIT_REPORT", "RETURN", "RESUBMIT", "APPROVE"],
  ContactMessageStatus: ["new", "read", "handled"],
  ContactMessageFilter: ["open", "new", "read", "handled"],
  ActivitySubject: ["student", "school", "tutor", "placement", "registration", "contact_message"],
  ActivityAction: ["student.created", "student.updated", "school.created", "school.updated", "school.deleted", "tutor.created", "tutor.invited", "tutor.updated", "tutor.status_changed", "tutor.check_recorded", "placement.started", "placement.ended", "placement.moved", "registration.status_changed", "registration.accepted", "contact_message.status_changed"],
  MediaContentType: ["image/jpeg", "image/png", "image/webp", "image/svg+xml"],
  MediaUseKind: ["blog_post_cover", "blog_post_body", "course_image", "course_description", "gallery", "site_page"],
  CourseStatus: ["draft", "published", "archived"],
  PostStatus: ["draft", "scheduled", "published"],
  SocialNetwork: ["facebook", "instagram", "x", "linkedin", "youtube", "tiktok"],
  PageSlug: ["privacy-notice", "safeguarding-policy", "terms-of-use"],
  StaffStatus: ["invited", "active", "left", "deactivated"],
} as const

/** Every schema’s limits (lengths, sizes, ranges and their units, inline enums, defaults), nested as the schema nests. */
export const LIMITS = {
  Email: { minLength: 3, maxLength: 254 },
  AccountEmail: { minLength: 3, maxLength: 254 },
  NewPassword: { minLength: 8, maxLength: 128 },
  OpaqueToken: { pattern: "^[A-Za-z0-9_-]{43}$" },
  User: {
    email: { minLength: 3, maxLength: 254 },
    name: { minLength: 1, maxLength: 100 },
  },
  OneTimeCode: { minLength: 6, maxLength: 6, pattern: "^[0-9]{6}$" },
  RecoveryCode: { minLength: 12, maxLength: 20 },
  SecondFactorChallenge: {
    challenge: { pattern: "^[A-Za-z0-9_-]{43}$" },
  },
  SecondFactorSignIn: {
    challenge: { pattern: "^[A-Za-z0-9_-]{43}$" },
    code: { minLength: 6, maxLength: 6, pattern: "^[0-9]{6}$" },
    recoveryCode: { minLength: 12, maxLength: 20 },
  },
  SecondFactorStatus: {
    recoveryCodesLeft: { minimum: 0, maximum: 10 },
  },
  SecondFactorSetupStart: {
    password: { minLength: 1, maxLength: 128 },
  },
  SecondFactorCode: {
    code: { minLength: 6, maxLength: 6, pattern: "^[0-9]{6}$" },
  },
  SecondFactorTurnOff: {
    password: { minLength: 1, maxLength: 128 },
    code: { minLength: 6, maxLength: 6, pattern: "^[0-9]{6}$" },
    recoveryCode: { minLength: 12, maxLength: 20 },
  },
  RecoveryCodes: {
    codes: { minItems: 10, maxItems: 10 },
  },
  EndedSessions: {
    ended: { minimum: 0 },
  },
  Session: {
    user: {
      email: { minLength: 3, maxLength: 254 },
      name: { minLength: 1, maxLength: 100 },
    },
    token: { pattern: "^[A-Za-z0-9_-]{43}$" },
  },
  LoginRequest: {
    email: { minLength: 3, maxLength: 254 },
    pass: { minLength: 1, maxLength: 128 },
    remember: { default: true },
  },
  ForgetPasswordRequest: {
    email: { minLength: 3, maxLength: 254 },
  },
  ResetPasswordRequest: {
    password: { minLength: 8, maxLength: 128 },
  },
  ChangePasswordRequest: {
    currentPassword: { minLength: 1, maxLength: 128 },
    newPassword: { minLength: 8, maxLength: 128 },
  },
  UpdateMeRequest: {
    name: { minLength: 1, maxLength: 100 },
  },
  Slug: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
  Image: {
    width: { minimum: 1 },
    height: { minimum: 1 },
  },
  BlogPostSummary: {
    id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    coverImage: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
  },
  BlogPost: {
    id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    coverImage: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
  },
  BlogPostPage: {
    items: {
      items: {
        id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
        coverImage: {
          width: { minimum: 1 },
          height: { minimum: 1 },
        },
      },
    },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
    total: { minimum: 0 },
  },
  CourseSummary: {
    id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    modes: { minItems: 1 },
    image: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
  },
  Course: {
    id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    modes: { minItems: 1 },
    image: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
    capacity: { minimum: 1 },
  },
  CourseList: {
    items: {
      items: {
        id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
        modes: { minItems: 1 },
        image: {
          width: { minimum: 1 },
          height: { minimum: 1 },
        },
      },
    },
  },
  GalleryItem: {
    image: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
  },
  GalleryList: {
    items: {
      items: {
        image: {
          width: { minimum: 1 },
          height: { minimum: 1 },
        },
      },
    },
  },
  GalleryRecord: {
    version: { minimum: 1 },
    mediaId: { pattern: "^[a-f0-9]{64}$" },
    image: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
  },
  GalleryRecordList: {
    items: {
      items: {
        version: { minimum: 1 },
        mediaId: { pattern: "^[a-f0-9]{64}$" },
        image: {
          width: { minimum: 1 },
          height: { minimum: 1 },
        },
      },
    },
  },
  GalleryItemNew: {
    mediaId: { pattern: "^[a-f0-9]{64}$" },
    caption: { maxLength: 500 },
    shown: { default: true },
  },
  GalleryItemChange: {
    caption: { maxLength: 500 },
  },
  GalleryOrder: {
    galleryItemIds: { maxItems: 500 },
  },
  SiteSettings: {
    socialLinks: {
      items: {
        url: { maxLength: 300, pattern: "^https://" },
      },
    },
  },
  ContactMessageRequest: {
    name: { minLength: 1, maxLength: 100 },
    email: { minLength: 3, maxLength: 254 },
    phone: { maxLength: 30, pattern: "^[0-9+()\\- .]*$" },
    subject: { minLength: 1, maxLength: 150 },
    message: { minLength: 10, maxLength: 5000 },
    website: { maxLength: 200 },
  },
  Health: {
    status: { enum: ["ok"] },
  },
  SubjectList: {
    items: {
      items: { minLength: 1, maxLength: 80 },
    },
  },
  SubjectName: { minLength: 1, maxLength: 80 },
  PersonName: { minLength: 1, maxLength: 100 },
  Phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
  Postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
  Address: {
    line1: { minLength: 1, maxLength: 120 },
    line2: { maxLength: 120 },
    town: { minLength: 1, maxLength: 80 },
    postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
  },
  MarketingConsent: { default: false },
  Honeypot: { maxLength: 200 },
  ContactPerson: {
    name: { minLength: 1, maxLength: 100 },
    email: { minLength: 3, maxLength: 254 },
    phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
    organisation: { maxLength: 150 },
  },
  StudentDetails: {
    name: { minLength: 1, maxLength: 100 },
    age: { minimum: 3, maximum: 99, unit: "years" },
    school: { maxLength: 150 },
  },
  LessonAvailability: {
    days: { minItems: 1, maxItems: 7 },
    times: { minItems: 1, maxItems: 4 },
  },
  EmergencyContact: {
    name: { minLength: 1, maxLength: 100 },
    relationship: { minLength: 1, maxLength: 60 },
    phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
  },
  SubjectEnrolmentRequest: {
    contact: {
      name: { minLength: 1, maxLength: 100 },
      email: { minLength: 3, maxLength: 254 },
      phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
      organisation: { maxLength: 150 },
    },
    student: {
      name: { minLength: 1, maxLength: 100 },
      age: { minimum: 3, maximum: 99, unit: "years" },
      school: { maxLength: 150 },
    },
    subjects: {
      minItems: 1,
      maxItems: 6,
      items: { minLength: 1, maxLength: 80 },
    },
    goals: { minLength: 1, maxLength: 2000 },
    address: {
      line1: { minLength: 1, maxLength: 120 },
      line2: { maxLength: 120 },
      town: { minLength: 1, maxLength: 80 },
      postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
    },
    availability: {
      days: { minItems: 1, maxItems: 7 },
      times: { minItems: 1, maxItems: 4 },
    },
    learningNeeds: { maxLength: 2000 },
    marketingConsent: { default: false },
    website: { maxLength: 200 },
  },
  CourseEnrolmentRequest: {
    courseId: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    cohort: { minLength: 1, maxLength: 100 },
    address: {
      line1: { minLength: 1, maxLength: 120 },
      line2: { maxLength: 120 },
      town: { minLength: 1, maxLength: 80 },
      postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
    },
    contact: {
      name: { minLength: 1, maxLength: 100 },
      email: { minLength: 3, maxLength: 254 },
      phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
      organisation: { maxLength: 150 },
    },
    student: {
      name: { minLength: 1, maxLength: 100 },
      age: { minimum: 3, maximum: 99, unit: "years" },
      school: { maxLength: 150 },
    },
    emergencyContact: {
      name: { minLength: 1, maxLength: 100 },
      relationship: { minLength: 1, maxLength: 60 },
      phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
    },
    learningNeeds: { maxLength: 2000 },
    marketingConsent: { default: false },
    website: { maxLength: 200 },
  },
  SchoolEnrolmentRequest: {
    school: {
      name: { minLength: 1, maxLength: 150 },
      address: {
        line1: { minLength: 1, maxLength: 120 },
        line2: { maxLength: 120 },
        town: { minLength: 1, maxLength: 80 },
        postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
      },
    },
    mainContact: {
      name: { minLength: 1, maxLength: 100 },
      role: { minLength: 1, maxLength: 100 },
      email: { minLength: 3, maxLength: 254 },
      phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
    },
    safeguardingLead: {
      name: { minLength: 1, maxLength: 100 },
      email: { minLength: 3, maxLength: 254 },
      phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
    },
    subjects: {
      minItems: 1,
      maxItems: 12,
      items: { minLength: 1, maxLength: 80 },
    },
    yearGroups: { minItems: 1, maxItems: 14 },
    pupilCount: { minimum: 1, maximum: 5000, unit: "pupils" },
    delivery: { minItems: 1, maxItems: 3 },
    preferredDays: { minItems: 1, maxItems: 7 },
    startYear: { minimum: 2024, maximum: 2100 },
    notes: { maxLength: 2000 },
    marketingConsent: { default: false },
    website: { maxLength: 200 },
  },
  Referee: {
    name: { minLength: 1, maxLength: 100 },
    relationship: { minLength: 1, maxLength: 100 },
    email: { minLength: 3, maxLength: 254 },
    phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
  },
  TutorApplicationRequest: {
    personal: {
      name: { minLength: 1, maxLength: 100 },
      email: { minLength: 3, maxLength: 254 },
      phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
      postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
    },
    teaching: {
      subjects: {
        minItems: 1,
        maxItems: 10,
        items: { minLength: 1, maxLength: 80 },
      },
      levels: { minItems: 1, maxItems: 7 },
      qualifications: { minLength: 1, maxLength: 2000 },
      experienceYears: { minimum: 0, maximum: 60, unit: "years" },
      experience: { minLength: 1, maxLength: 3000 },
    },
    delivery: {
      modes: { minItems: 1, maxItems: 4 },
      travelArea: { maxLength: 200 },
      maxTravelMiles: { minimum: 1, maximum: 100, unit: "miles" },
    },
    availability: {
      days: { minItems: 1, maxItems: 7 },
      times: { minItems: 1, maxItems: 4 },
      hoursPerWeek: { minimum: 1, maximum: 40, unit: "hours" },
    },
    backgroundCheck: {
      certificateNumber: { maxLength: 12, pattern: "^[0-9]{12}$" },
    },
    referees: {
      minItems: 2,
      maxItems: 2,
      items: {
        name: { minLength: 1, maxLength: 100 },
        relationship: { minLength: 1, maxLength: 100 },
        email: { minLength: 3, maxLength: 254 },
        phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
      },
    },
    personalStatement: { minLength: 50, maxLength: 5000 },
    marketingConsent: { default: false },
    website: { maxLength: 200 },
  },
  RegistrationReceipt: {
    reference: { pattern: "^TEC-(SUB|CRS|SCH|TUT)-[0-9A-Z]{6}$" },
  },
  MailSummary: {
    attempts: { minimum: 0 },
  },
  MailDetail: {
    attempts: { minimum: 0 },
  },
  MailStatusCounts: {
    pending: { minimum: 0 },
    stored: { minimum: 0 },
    sent: { minimum: 0 },
    failed: { minimum: 0 },
  },
  MailPage: {
    items: {
      items: {
        attempts: { minimum: 0 },
      },
    },
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
    statusCounts: {
      pending: { minimum: 0 },
      stored: { minimum: 0 },
      sent: { minimum: 0 },
      failed: { minimum: 0 },
    },
  },
  MailResent: {
    resent: { minimum: 0 },
    skipped: { minimum: 0 },
  },
  RegistrationStatusCounts: {
    new: { minimum: 0 },
    in_review: { minimum: 0 },
    accepted: { minimum: 0 },
    rejected: { minimum: 0 },
    withdrawn: { minimum: 0 },
  },
  RegistrationPage: {
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
    statusCounts: {
      new: { minimum: 0 },
      in_review: { minimum: 0 },
      accepted: { minimum: 0 },
      rejected: { minimum: 0 },
      withdrawn: { minimum: 0 },
    },
  },
  Registration: {
    course: {
      id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    },
  },
  RegistrationStatusChange: {
    status: { enum: ["new", "in_review", "rejected", "withdrawn"] },
    note: { maxLength: 2000 },
    reason: { maxLength: 500 },
    notify: { default: false },
  },
  RegistrationNoteRequest: {
    note: { minLength: 1, maxLength: 2000 },
  },
  RegistrationAcceptRequest: {
    note: { maxLength: 2000 },
    notify: { default: true },
  },
  Student: {
    course: {
      id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    },
  },
  StudentStatusCounts: {
    waiting: { minimum: 0 },
    active: { minimum: 0 },
    paused: { minimum: 0 },
    finished: { minimum: 0 },
  },
  StudentContact: {
    name: { minLength: 1, maxLength: 100 },
    email: { minLength: 3, maxLength: 254 },
    phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
  },
  WeeklyAvailability: {
    days: { maxItems: 7 },
    times: { maxItems: 4 },
  },
  StudentInput: {
    name: { minLength: 1, maxLength: 100 },
    age: { minimum: 3, maximum: 99, unit: "years" },
    schoolName: { minLength: 1, maxLength: 150 },
    contact: {
      name: { minLength: 1, maxLength: 100 },
      email: { minLength: 3, maxLength: 254 },
      phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
    },
    address: {
      line1: { minLength: 1, maxLength: 120 },
      line2: { maxLength: 120 },
      town: { minLength: 1, maxLength: 80 },
      postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
    },
    subjects: {
      minItems: 1,
      maxItems: 6,
      items: { minLength: 1, maxLength: 80 },
    },
    availability: {
      days: { maxItems: 7 },
      times: { maxItems: 4 },
    },
    goals: { maxLength: 2000 },
    needs: { maxLength: 2000 },
    notesForTutors: { maxLength: 2000 },
  },
  StudentRecord: {
    version: { minimum: 1 },
    fields: {
      name: { minLength: 1, maxLength: 100 },
      age: { minimum: 3, maximum: 99, unit: "years" },
      schoolName: { minLength: 1, maxLength: 150 },
      contact: {
        name: { minLength: 1, maxLength: 100 },
        email: { minLength: 3, maxLength: 254 },
        phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
      },
      address: {
        line1: { minLength: 1, maxLength: 120 },
        line2: { maxLength: 120 },
        town: { minLength: 1, maxLength: 80 },
        postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
      },
      subjects: {
        minItems: 1,
        maxItems: 6,
        items: { minLength: 1, maxLength: 80 },
      },
      availability: {
        days: { maxItems: 7 },
        times: { maxItems: 4 },
      },
      goals: { maxLength: 2000 },
      needs: { maxLength: 2000 },
      notesForTutors: { maxLength: 2000 },
    },
    course: {
      id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    },
  },
  SchoolContact: {
    name: { minLength: 1, maxLength: 100 },
    role: { minLength: 1, maxLength: 100 },
    email: { minLength: 3, maxLength: 254 },
    phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
  },
  SafeguardingLead: {
    name: { minLength: 1, maxLength: 100 },
    email: { minLength: 3, maxLength: 254 },
    phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
  },
  SchoolInput: {
    name: { minLength: 1, maxLength: 150 },
    address: {
      line1: { minLength: 1, maxLength: 120 },
      line2: { maxLength: 120 },
      town: { minLength: 1, maxLength: 80 },
      postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
    },
    contacts: {
      minItems: 1,
      maxItems: 10,
      items: {
        name: { minLength: 1, maxLength: 100 },
        role: { minLength: 1, maxLength: 100 },
        email: { minLength: 3, maxLength: 254 },
        phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
      },
    },
    safeguardingLead: {
      name: { minLength: 1, maxLength: 100 },
      email: { minLength: 3, maxLength: 254 },
      phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
    },
    pupilCount: { minimum: 1, maximum: 5000, unit: "pupils" },
    notes: { maxLength: 2000 },
  },
  SchoolRecord: {
    version: { minimum: 1 },
    fields: {
      name: { minLength: 1, maxLength: 150 },
      address: {
        line1: { minLength: 1, maxLength: 120 },
        line2: { maxLength: 120 },
        town: { minLength: 1, maxLength: 80 },
        postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
      },
      contacts: {
        minItems: 1,
        maxItems: 10,
        items: {
          name: { minLength: 1, maxLength: 100 },
          role: { minLength: 1, maxLength: 100 },
          email: { minLength: 3, maxLength: 254 },
          phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
        },
      },
      safeguardingLead: {
        name: { minLength: 1, maxLength: 100 },
        email: { minLength: 3, maxLength: 254 },
        phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
      },
      pupilCount: { minimum: 1, maximum: 5000, unit: "pupils" },
      notes: { maxLength: 2000 },
    },
  },
  PersonalDataExport: {
    subject: {
      contact: { minimum: 0 },
    },
    withheld: {
      items: {
        count: { minimum: 0 },
      },
    },
  },
  PersonalDataSubject: {
    contact: { minimum: 0 },
  },
  PersonalDataWithheld: {
    count: { minimum: 0 },
  },
  PersonalDataMatches: {
    schoolContacts: {
      items: {
        contact: { minimum: 0 },
      },
    },
    messages: { minimum: 0 },
    mail: { minimum: 0 },
  },
  HistoryPage: {
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
  },
  TutorStatusCounts: {
    invited: { minimum: 0 },
    active: { minimum: 0 },
    paused: { minimum: 0 },
    left: { minimum: 0 },
  },
  SafeguardingCheckInput: {
    reference: { minLength: 1, maxLength: 40 },
    onUpdateService: { default: false },
  },
  TutorInvite: {
    name: { minLength: 1, maxLength: 100 },
    email: { minLength: 3, maxLength: 254 },
  },
  TutorProfileInput: {
    name: { minLength: 1, maxLength: 100 },
    phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
    postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
    subjects: {
      maxItems: 10,
      items: { minLength: 1, maxLength: 80 },
    },
    levels: { maxItems: 7 },
    modes: { maxItems: 4 },
    travelArea: { maxLength: 200 },
    maxTravelMiles: { minimum: 1, maximum: 100, unit: "miles" },
    availability: {
      days: { maxItems: 7 },
      times: { maxItems: 4 },
    },
    hoursPerWeek: { minimum: 1, maximum: 40, unit: "hours" },
    qualifications: { maxLength: 2000 },
    experienceYears: { minimum: 0, maximum: 60, unit: "years" },
    experience: { maxLength: 3000 },
    notes: { maxLength: 2000 },
  },
  TutorStatusChange: {
    status: { enum: ["active", "paused", "left"] },
    reason: { maxLength: 500 },
  },
  TutorPage: {
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
    statusCounts: {
      invited: { minimum: 0 },
      active: { minimum: 0 },
      paused: { minimum: 0 },
      left: { minimum: 0 },
    },
  },
  TutorRecord: {
    version: { minimum: 1 },
    fields: {
      name: { minLength: 1, maxLength: 100 },
      phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
      postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
      subjects: {
        maxItems: 10,
        items: { minLength: 1, maxLength: 80 },
      },
      levels: { maxItems: 7 },
      modes: { maxItems: 4 },
      travelArea: { maxLength: 200 },
      maxTravelMiles: { minimum: 1, maximum: 100, unit: "miles" },
      availability: {
        days: { maxItems: 7 },
        times: { maxItems: 4 },
      },
      hoursPerWeek: { minimum: 1, maximum: 40, unit: "hours" },
      qualifications: { maxLength: 2000 },
      experienceYears: { minimum: 0, maximum: 60, unit: "years" },
      experience: { maxLength: 3000 },
      notes: { maxLength: 2000 },
    },
  },
  PlacementInput: {
    subject: { minLength: 1, maxLength: 80 },
    courseId: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
    lessonCount: { minimum: 1, maximum: 200 },
    notes: { maxLength: 1000 },
  },
  PlacementEnd: {
    reason: { minLength: 1, maxLength: 500 },
  },
  PlacementMove: {
    reason: { minLength: 1, maxLength: 500 },
  },
  Placement: {
    version: { minimum: 1 },
    course: {
      id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    },
    startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
    lessonCount: { minimum: 1 },
  },
  PlacementPage: {
    items: {
      items: {
        version: { minimum: 1 },
        course: {
          id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
        },
        startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
        lessonCount: { minimum: 1 },
      },
    },
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
  },
  SuggestionReason: {
    points: { minimum: 0, maximum: 40 },
  },
  TutorSuggestion: {
    score: { minimum: 0, maximum: 100 },
    reasons: {
      items: {
        points: { minimum: 0, maximum: 40 },
      },
    },
    hoursPerWeek: { minimum: 1, maximum: 40, unit: "hours" },
    placed: {
      learners: { minimum: 0 },
      hoursPerWeek: { minimum: 0, unit: "hours" },
    },
    firstLesson: {
      startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
    },
  },
  PlacementPreview: {
    mails: {
      items: {
        audience: { enum: ["tutor", "contact"] },
      },
    },
  },
  TutorSuggestionList: {
    items: {
      items: {
        score: { minimum: 0, maximum: 100 },
        reasons: {
          items: {
            points: { minimum: 0, maximum: 40 },
          },
        },
        hoursPerWeek: { minimum: 1, maximum: 40, unit: "hours" },
        placed: {
          learners: { minimum: 0 },
          hoursPerWeek: { minimum: 0, unit: "hours" },
        },
        firstLesson: {
          startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
        },
      },
    },
    notOffered: { minimum: 0 },
  },
  MyLearner: {
    address: {
      line1: { minLength: 1, maxLength: 120 },
      line2: { maxLength: 120 },
      town: { minLength: 1, maxLength: 80 },
      postcode: { minLength: 2, maxLength: 10, pattern: "^[A-Za-z0-9 ]+$" },
    },
    placements: {
      items: {
        lessonCount: { minimum: 1 },
        startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
      },
    },
  },
  RecordOpeningPage: {
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
  },
  LessonTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
  LessonPlace: { maxLength: 200 },
  LessonPlan: {
    placementIds: { minItems: 1, maxItems: 12 },
    startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
    place: { maxLength: 200 },
    repeat: {
      times: { minimum: 2, maximum: 52 },
    },
  },
  LessonMove: {
    startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
    place: { maxLength: 200 },
  },
  LessonCancellation: {
    reason: { minLength: 1, maxLength: 500 },
  },
  LessonMissed: {
    note: { maxLength: 500 },
  },
  ConcernInput: {
    details: { minLength: 1, maxLength: 4000 },
  },
  LessonReportInput: {
    attendance: { minItems: 1, maxItems: 12 },
    covered: { minLength: 1, maxLength: 4000 },
    progress: { minLength: 1, maxLength: 4000 },
    homework: { maxLength: 2000 },
    staffNote: { maxLength: 2000 },
    concern: {
      details: { minLength: 1, maxLength: 4000 },
    },
  },
  LessonReportDraft: {
    attendance: { maxItems: 12 },
    covered: { maxLength: 4000 },
    progress: { maxLength: 4000 },
    homework: { maxLength: 2000 },
    staffNote: { maxLength: 2000 },
    concernDetails: { maxLength: 4000 },
  },
  Lesson: {
    version: { minimum: 1 },
    startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
  },
  ReportApproval: {
    reason: { maxLength: 500 },
  },
  LessonDetail: {
    lesson: {
      version: { minimum: 1 },
      startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
    },
  },
  MyLessonDetail: {
    lesson: {
      version: { minimum: 1 },
      startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
    },
  },
  LessonList: {
    items: {
      items: {
        version: { minimum: 1 },
        startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
      },
    },
  },
  LessonPage: {
    items: {
      items: {
        version: { minimum: 1 },
        startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
      },
    },
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
  },
  LessonReportPage: {
    items: {
      items: {
        version: { minimum: 1 },
        startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
      },
    },
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
    stateCounts: {
      to_review: { minimum: 0 },
      awaiting_report: { minimum: 0 },
      overdue: { minimum: 0 },
      returned: { minimum: 0 },
      approved: { minimum: 0 },
    },
  },
  ComingLesson: {
    lesson: {
      version: { minimum: 1 },
      startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
    },
  },
  TutorOverview: {
    awaitingReport: {
      items: {
        version: { minimum: 1 },
        startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
      },
    },
    returned: {
      items: {
        version: { minimum: 1 },
        startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
      },
    },
    coming: {
      items: {
        lesson: {
          version: { minimum: 1 },
          startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
        },
      },
    },
    figures: {
      taughtThisMonth: { minimum: 0 },
      reportsThisMonth: { minimum: 0 },
      reportsOnTime: { minimum: 0 },
      reportsOverdue: { minimum: 0 },
    },
  },
  ReportReturn: {
    comment: { minLength: 1, maxLength: 2000 },
  },
  ReportApprovals: {
    items: {
      minItems: 1,
      maxItems: 100,
      items: {
        version: { minimum: 1 },
      },
    },
  },
  SafeguardingConcern: {
    version: { minimum: 1 },
  },
  SafeguardingConcernPage: {
    items: {
      items: {
        version: { minimum: 1 },
      },
    },
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
    statusCounts: {
      open: { minimum: 0 },
      in_hand: { minimum: 0 },
      closed: { minimum: 0 },
    },
  },
  ConcernStatusChange: {
    note: { minLength: 1, maxLength: 2000 },
  },
  FigureCount: {
    delivered: { minimum: 0 },
  },
  LessonFigures: {
    delivered: { minimum: 0 },
    byMonth: {
      items: {
        delivered: { minimum: 0 },
      },
    },
    byMode: {
      items: {
        delivered: { minimum: 0 },
      },
    },
    byTutor: {
      items: {
        delivered: { minimum: 0 },
      },
    },
    bySchool: {
      items: {
        delivered: { minimum: 0 },
      },
    },
    attendance: {
      present: { minimum: 0 },
      late: { minimum: 0 },
      absent: { minimum: 0 },
      rate: { minimum: 0, maximum: 1 },
    },
    reports: {
      onTime: { minimum: 0 },
      late: { minimum: 0 },
    },
  },
  FamilyLinkRequest: {
    email: { minLength: 3, maxLength: 254 },
  },
  FamilyLinksEnded: {
    ended: { minimum: 0 },
  },
  FamilyMailChange: {
    link: { minLength: 43, maxLength: 43, pattern: "^[A-Za-z0-9_-]{43}$" },
  },
  FamilyLesson: {
    startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
    minutes: { minimum: 1 },
  },
  FamilyLearner: {
    coming: {
      items: {
        startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
        minutes: { minimum: 1 },
      },
    },
    attendance: {
      present: { minimum: 0 },
      late: { minimum: 0 },
      absent: { minimum: 0 },
    },
  },
  FamilyPage: {
    learners: {
      items: {
        coming: {
          items: {
            startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
            minutes: { minimum: 1 },
          },
        },
        attendance: {
          present: { minimum: 0 },
          late: { minimum: 0 },
          absent: { minimum: 0 },
        },
      },
    },
    schools: {
      items: {
        learners: {
          items: {
            lessons: { minimum: 0 },
            present: { minimum: 0 },
            late: { minimum: 0 },
            absent: { minimum: 0 },
            rate: { minimum: 0, maximum: 1 },
          },
        },
      },
    },
  },
  SchoolTermSummary: {
    learners: {
      items: {
        lessons: { minimum: 0 },
        present: { minimum: 0 },
        late: { minimum: 0 },
        absent: { minimum: 0 },
        rate: { minimum: 0, maximum: 1 },
      },
    },
  },
  ContactMessageStatusCounts: {
    new: { minimum: 0 },
    read: { minimum: 0 },
    handled: { minimum: 0 },
  },
  ContactMessagePage: {
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
    statusCounts: {
      new: { minimum: 0 },
      read: { minimum: 0 },
      handled: { minimum: 0 },
    },
  },
  ContactMessage: {
    version: { minimum: 1 },
  },
  AnonymiseRequest: {
    confirmName: { minLength: 1, maxLength: 200 },
  },
  SchoolContactAnonymiseRequest: {
    contactIndex: { minimum: 0, maximum: 9 },
    confirmName: { minLength: 1, maxLength: 200 },
  },
  ContactAnonymiseRequest: {
    email: { minLength: 3, maxLength: 254 },
    confirmName: { minLength: 1, maxLength: 200 },
  },
  DashboardFigures: {
    newRegistrations: {
      subject: { minimum: 0 },
      course: { minimum: 0 },
      school: { minimum: 0 },
      tutor: { minimum: 0 },
    },
    studentsWaiting: { minimum: 0 },
    tutorsInvited: { minimum: 0 },
    checksExpiring: { minimum: 0 },
    tutorsWithoutCheck: { minimum: 0 },
    reportsToReview: { minimum: 0 },
    reportsOverdue: { minimum: 0 },
    openMessages: { minimum: 0 },
    failedMail: { minimum: 0 },
    concernsToActOn: { minimum: 0 },
  },
  Dashboard: {
    figures: {
      newRegistrations: {
        subject: { minimum: 0 },
        course: { minimum: 0 },
        school: { minimum: 0 },
        tutor: { minimum: 0 },
      },
      studentsWaiting: { minimum: 0 },
      tutorsInvited: { minimum: 0 },
      checksExpiring: { minimum: 0 },
      tutorsWithoutCheck: { minimum: 0 },
      reportsToReview: { minimum: 0 },
      reportsOverdue: { minimum: 0 },
      openMessages: { minimum: 0 },
      failedMail: { minimum: 0 },
      concernsToActOn: { minimum: 0 },
    },
  },
  StudentPage: {
    items: {
      items: {
        course: {
          id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
        },
      },
    },
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
    statusCounts: {
      waiting: { minimum: 0 },
      active: { minimum: 0 },
      paused: { minimum: 0 },
      finished: { minimum: 0 },
    },
  },
  SchoolPage: {
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
  },
  MediaId: { pattern: "^[a-f0-9]{64}$" },
  MediaUpload: {
    alt: { maxLength: 300 },
    caption: { maxLength: 500 },
  },
  MediaDetails: {
    alt: { maxLength: 300 },
    caption: { maxLength: 500 },
  },
  MediaItem: {
    id: { pattern: "^[a-f0-9]{64}$" },
    version: { minimum: 1 },
    image: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
    bytes: { minimum: 1 },
  },
  MediaItemPage: {
    items: {
      items: {
        id: { pattern: "^[a-f0-9]{64}$" },
        version: { minimum: 1 },
        image: {
          width: { minimum: 1 },
          height: { minimum: 1 },
        },
        bytes: { minimum: 1 },
      },
    },
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
  },
  CourseInput: {
    title: { minLength: 1, maxLength: 120 },
    slug: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    modes: { minItems: 1 },
    subjects: {
      minItems: 1,
      maxItems: 8,
      items: { minLength: 1, maxLength: 60 },
    },
    level: { minLength: 1, maxLength: 80 },
    summary: { minLength: 1, maxLength: 300 },
    descriptionHtml: { minLength: 1, maxLength: 50000 },
    cost: { minLength: 1, maxLength: 200 },
    duration: { minLength: 1, maxLength: 120 },
    schedule: { minLength: 1, maxLength: 200 },
    capacity: { minimum: 1, maximum: 1000 },
    imageId: { pattern: "^[a-f0-9]{64}$" },
  },
  CourseRow: {
    slug: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    image: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
    enrolments: { minimum: 0 },
    placements: { minimum: 0 },
  },
  CourseRowPage: {
    items: {
      items: {
        slug: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
        image: {
          width: { minimum: 1 },
          height: { minimum: 1 },
        },
        enrolments: { minimum: 0 },
        placements: { minimum: 0 },
      },
    },
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
    counts: {
      draft: { minimum: 0 },
      published: { minimum: 0 },
      archived: { minimum: 0 },
    },
  },
  CourseRowList: {
    items: {
      items: {
        slug: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
        image: {
          width: { minimum: 1 },
          height: { minimum: 1 },
        },
        enrolments: { minimum: 0 },
        placements: { minimum: 0 },
      },
    },
  },
  CourseOrder: {
    courseIds: { maxItems: 100 },
  },
  CourseRecord: {
    version: { minimum: 1 },
    fields: {
      title: { minLength: 1, maxLength: 120 },
      slug: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
      modes: { minItems: 1 },
      subjects: {
        minItems: 1,
        maxItems: 8,
        items: { minLength: 1, maxLength: 60 },
      },
      level: { minLength: 1, maxLength: 80 },
      summary: { minLength: 1, maxLength: 300 },
      descriptionHtml: { minLength: 1, maxLength: 50000 },
      cost: { minLength: 1, maxLength: 200 },
      duration: { minLength: 1, maxLength: 120 },
      schedule: { minLength: 1, maxLength: 200 },
      capacity: { minimum: 1, maximum: 1000 },
      imageId: { pattern: "^[a-f0-9]{64}$" },
    },
    image: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
    enrolments: { minimum: 0 },
    placements: { minimum: 0 },
  },
  PostInput: {
    title: { minLength: 1, maxLength: 160 },
    slug: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    excerpt: { maxLength: 300 },
    bodyHtml: { maxLength: 100000 },
    coverId: { pattern: "^[a-f0-9]{64}$" },
    authorName: { maxLength: 120 },
    seoTitle: { maxLength: 70 },
    seoDescription: { maxLength: 160 },
  },
  PostRow: {
    slug: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    cover: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
  },
  PostRowPage: {
    items: {
      items: {
        slug: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
        cover: {
          width: { minimum: 1 },
          height: { minimum: 1 },
        },
      },
    },
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
    counts: {
      draft: { minimum: 0 },
      scheduled: { minimum: 0 },
      published: { minimum: 0 },
    },
  },
  PostRecord: {
    version: { minimum: 1 },
    fields: {
      title: { minLength: 1, maxLength: 160 },
      slug: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
      excerpt: { maxLength: 300 },
      bodyHtml: { maxLength: 100000 },
      coverId: { pattern: "^[a-f0-9]{64}$" },
      authorName: { maxLength: 120 },
      seoTitle: { maxLength: 70 },
      seoDescription: { maxLength: 160 },
    },
    cover: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
  },
  PostPreview: {
    post: {
      id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
      coverImage: {
        width: { minimum: 1 },
        height: { minimum: 1 },
      },
    },
  },
  BlogPostDraft: {
    id: { minLength: 1, maxLength: 120, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    coverImage: {
      width: { minimum: 1 },
      height: { minimum: 1 },
    },
  },
  SocialLink: {
    url: { maxLength: 300, pattern: "^https://" },
  },
  SiteSettingsInput: {
    organisationName: { minLength: 1, maxLength: 120 },
    email: { minLength: 3, maxLength: 254 },
    phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
    addressLines: {
      minItems: 1,
      maxItems: 6,
      items: { minLength: 1, maxLength: 120 },
    },
    openingHours: { minLength: 1, maxLength: 200 },
    figures: {
      maxItems: 6,
      items: {
        label: { minLength: 1, maxLength: 60 },
        value: { minLength: 1, maxLength: 20 },
      },
    },
    socialLinks: {
      maxItems: 6,
      items: {
        url: { maxLength: 300, pattern: "^https://" },
      },
    },
  },
  SiteSettingsRecord: {
    version: { minimum: 1 },
    settings: {
      organisationName: { minLength: 1, maxLength: 120 },
      email: { minLength: 3, maxLength: 254 },
      phone: { minLength: 6, maxLength: 30, pattern: "^[0-9+()\\- .]+$" },
      addressLines: {
        minItems: 1,
        maxItems: 6,
        items: { minLength: 1, maxLength: 120 },
      },
      openingHours: { minLength: 1, maxLength: 200 },
      figures: {
        maxItems: 6,
        items: {
          label: { minLength: 1, maxLength: 60 },
          value: { minLength: 1, maxLength: 20 },
        },
      },
      socialLinks: {
        maxItems: 6,
        items: {
          url: { maxLength: 300, pattern: "^https://" },
        },
      },
    },
  },
  RetentionPeriods: {
    learnerYears: { minimum: 1, maximum: 50, unit: "years" },
    applicationMonths: { minimum: 1, maximum: 120, unit: "months" },
    messageMonths: { minimum: 1, maximum: 120, unit: "months" },
    sentMailDays: { minimum: 1, maximum: 3650, unit: "days" },
    signInDays: { minimum: 1, maximum: 3650, unit: "days" },
    senderDetailsDays: { minimum: 1, maximum: 365, unit: "days" },
    openingMonths: { minimum: 1, maximum: 120, unit: "months" },
  },
  LessonSeriesMove: {
    startTime: { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" },
  },
  LessonSeriesCancel: {
    reason: { minLength: 1, maxLength: 500 },
  },
  TermPeriod: {
    name: { minLength: 1, maxLength: 80 },
  },
  TermCalendar: {
    terms: {
      maxItems: 12,
      items: {
        name: { minLength: 1, maxLength: 80 },
      },
    },
    holidays: {
      maxItems: 60,
      items: {
        name: { minLength: 1, maxLength: 80 },
      },
    },
  },
  TermCalendarRecord: {
    version: { minimum: 1 },
    terms: {
      items: {
        name: { minLength: 1, maxLength: 80 },
      },
    },
    holidays: {
      items: {
        name: { minLength: 1, maxLength: 80 },
      },
    },
  },
  RetentionSettingsRecord: {
    version: { minimum: 1 },
    periods: {
      learnerYears: { minimum: 1, maximum: 50, unit: "years" },
      applicationMonths: { minimum: 1, maximum: 120, unit: "months" },
      messageMonths: { minimum: 1, maximum: 120, unit: "months" },
      sentMailDays: { minimum: 1, maximum: 3650, unit: "days" },
      signInDays: { minimum: 1, maximum: 3650, unit: "days" },
      senderDetailsDays: { minimum: 1, maximum: 365, unit: "days" },
      openingMonths: { minimum: 1, maximum: 120, unit: "months" },
    },
  },
  RetentionCounts: {
    learnersAnonymised: { minimum: 0 },
    learnersRefused: { minimum: 0 },
    learnersFailed: { minimum: 0 },
    registrationsErased: { minimum: 0 },
    messagesErased: { minimum: 0 },
    mailDeleted: { minimum: 0 },
    signInRecordsDeleted: { minimum: 0 },
    senderDetailsCleared: { minimum: 0 },
    openingsDeleted: { minimum: 0 },
    familyLinksDeleted: { minimum: 0 },
  },
  RetentionRun: {
    removed: {
      learnersAnonymised: { minimum: 0 },
      learnersRefused: { minimum: 0 },
      learnersFailed: { minimum: 0 },
      registrationsErased: { minimum: 0 },
      messagesErased: { minimum: 0 },
      mailDeleted: { minimum: 0 },
      signInRecordsDeleted: { minimum: 0 },
      senderDetailsCleared: { minimum: 0 },
      openingsDeleted: { minimum: 0 },
      familyLinksDeleted: { minimum: 0 },
    },
  },
  RetentionRunList: {
    items: {
      items: {
        removed: {
          learnersAnonymised: { minimum: 0 },
          learnersRefused: { minimum: 0 },
          learnersFailed: { minimum: 0 },
          registrationsErased: { minimum: 0 },
          messagesErased: { minimum: 0 },
          mailDeleted: { minimum: 0 },
          signInRecordsDeleted: { minimum: 0 },
          senderDetailsCleared: { minimum: 0 },
          openingsDeleted: { minimum: 0 },
          familyLinksDeleted: { minimum: 0 },
        },
      },
    },
  },
  SitePage: {
    retention: {
      learnerYears: { minimum: 1, maximum: 50, unit: "years" },
      applicationMonths: { minimum: 1, maximum: 120, unit: "months" },
      messageMonths: { minimum: 1, maximum: 120, unit: "months" },
      sentMailDays: { minimum: 1, maximum: 3650, unit: "days" },
      signInDays: { minimum: 1, maximum: 3650, unit: "days" },
      senderDetailsDays: { minimum: 1, maximum: 365, unit: "days" },
      openingMonths: { minimum: 1, maximum: 120, unit: "months" },
    },
  },
  SitePageInput: {
    title: { minLength: 1, maxLength: 120 },
    bodyHtml: { minLength: 1, maxLength: 100000 },
  },
  SitePageRecord: {
    version: { minimum: 1 },
    fields: {
      title: { minLength: 1, maxLength: 120 },
      bodyHtml: { minLength: 1, maxLength: 100000 },
    },
  },
  SitePageRecordList: {
    items: {
      items: {
        version: { minimum: 1 },
        fields: {
          title: { minLength: 1, maxLength: 120 },
          bodyHtml: { minLength: 1, maxLength: 100000 },
        },
      },
    },
  },
  StaffAccountPage: {
    total: { minimum: 0 },
    page: { minimum: 1 },
    pageSize: { minimum: 1 },
  },
  AdminInvitation: {
    name: { minLength: 1, maxLength: 100 },
    email: { minLength: 3, maxLength: 254 },
    safeguardingLead: { default: false },
  },
} as const

/** The query parameters’ limits and defaults, by operation. */
export const PARAMETERS = {
  resetPassword: {
    token: { pattern: "^[A-Za-z0-9_-]{43}$" },
  },
  listBlogPosts: {
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 50, default: 9 },
  },
  listCourses: {
    subject: { minLength: 1, maxLength: 60 },
  },
  getMedia: {
    v: { minimum: 1, maximum: 1000000 },
    width: { enum: [320, 640, 960, 1280, 1920] },
  },
  listMediaItems: {
    q: { maxLength: 100 },
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  listPostRecords: {
    q: { maxLength: 100 },
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  listCourseRecords: {
    q: { maxLength: 100 },
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  listRegistrations: {
    q: { maxLength: 100 },
    sort: { default: "newest", enum: ["newest", "oldest", "name"] },
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
    purpose: { enum: ["csv"] },
  },
  listStudents: {
    q: { maxLength: 100 },
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
    purpose: { enum: ["csv"] },
  },
  listSchools: {
    q: { maxLength: 100 },
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
    purpose: { enum: ["csv"] },
  },
  listStaffAccounts: {
    q: { maxLength: 100 },
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  listTutors: {
    q: { maxLength: 100 },
    subject: { minLength: 1, maxLength: 80 },
    area: { maxLength: 100 },
    sort: { default: "name", enum: ["name", "newest"] },
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
    purpose: { enum: ["csv"] },
  },
  suggestTutors: {
    subject: { minLength: 1, maxLength: 80 },
  },
  listPlacements: {
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  listOfficeLessons: {
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  listMyLessons: {
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  listLessonReports: {
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  listSafeguardingConcerns: {
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  getSchoolTermSummary: {
    year: { minimum: 2000, maximum: 2100 },
  },
  listContactMessages: {
    q: { maxLength: 100 },
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
    purpose: { enum: ["csv"] },
  },
  listMail: {
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  listHistory: {
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  listRecordOpenings: {
    page: { minimum: 1, maximum: 10000, default: 1 },
    pageSize: { minimum: 1, maximum: 100, default: 20 },
  },
  findPersonalData: {
    email: { maxLength: 254 },
  },
  getPersonalData: {
    email: { maxLength: 254 },
    contact: { minimum: 0, maximum: 99 },
    includeConcerns: { default: false },
  },
  downloadPersonalData: {
    email: { maxLength: 254 },
    contact: { minimum: 0, maximum: 99 },
    includeConcerns: { default: false },
  },
} as const
