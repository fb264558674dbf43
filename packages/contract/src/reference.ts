/** A region of Saudi Arabia, for the sign-up and account forms (`GET /api/regions`). */
export interface RegionView {
  _id: string;
  code: string;
  en_name: string;
  ar_name: string;
}

/** A published course of the learning provider, in the language asked (`GET /api/courses?lang=`). */
export interface CourseView {
  id: number;
  name: string;
  url: string;
  image: string;
  description: string;
}
