/** Forms: the builder, images and the public form endpoints. */
export { registerFormApiRoutes } from "./api-routes";
export { FORM_IMAGE_UPLOAD_PATH } from "./images";
export {
  countRefusedPublicSubmission,
  isPublicSubmissionPath,
  registerPublicFormRoutes,
} from "./public-routes";
export { registerFormRoutes } from "./routes";
export { formEmbedOrigins } from "./service";
