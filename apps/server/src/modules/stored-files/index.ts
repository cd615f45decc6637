/** Uploaded files (the `stored_files` rows): removing those nothing references any more. */
export {
  FILE_CLEANUP_JOB,
  removeFilesNamedIn,
  removeOrphanedFiles,
  type TFileCleanupDeps,
} from "./cleanup";
export { storeUpload, type TUploadKind, uploadBodyLimit } from "./upload";
