/** The consumer as a module: reads org.bignat, which exports only its API package. */
module consumer {
    requires org.bignat;
}
