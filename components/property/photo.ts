/** A photo as the gallery and its full-screen viewer show it. */
export interface Photo {
  id: number;
  url: string;
  caption: string;
}
