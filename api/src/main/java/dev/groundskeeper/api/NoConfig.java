package dev.groundskeeper.api;

/** The configuration of a provider that has nothing to configure: its block must be empty. */
@API(status = API.Status.STABLE)
public record NoConfig() {

  /** The one value. */
  public static final NoConfig INSTANCE = new NoConfig();
}
