/**
 * next/image's loader for catalog photos: the spec lets any width be asked of an original image URL by
 * appending `-{width}w` (the CDN clamps it to what it can render). Runs in the browser and on the server.
 */
export default function catalogImageLoader({ src, width }: { src: string; width: number; quality?: number }) {
  return `${src}-${width}w`;
}
